// evm_snapshot / evm_revert, anvil_rollback and anvil_reset through the backend: a revert rewinds
// blocks, transactions, receipts, state and the pool's view, durably (a restart finds the
// rewound chain), consumes the snapshot and later ones, and the chain goes on from there with
// valid blocks; calls in the worker thread and filters follow the rewound chain.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountFromRLP } from '@ethereumjs/util';
import { encodeDeployData, encodeFunctionData } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import { testTokenArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { signTestTransaction } from '../../testing/sendTestTransaction.js';
import { verifyMerkleProof } from '../../testing/verifyMerkleProof.js';
import type { NotificationBatch } from '../subscriptions/NotificationBatch.js';
import { toSubscriptionRequest } from '../subscriptions/SubscriptionRequest.js';
import type { RpcBlock } from '../views/RpcBlock.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const RECIPIENT = hexToBytes('0x00000000000000000000000000000000000e0003');

let chain: TestChain | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** A 1-wei transfer to RECIPIENT from dev account `from`, submitted as eth_sendRawTransaction. */
/** A block as served (it exists: these tests ask for blocks the chain has). */
function servedBlock(test: TestChain, selector: BlockSelector): RpcBlock {
  return test.backend.blocks.getBlock(selector, false)!;
}

async function send(test: TestChain, from = 0, value = 1n): Promise<Hex> {
  const { raw } = await signTestTransaction(test, test.accounts[from]!, { to: '0x00000000000000000000000000000000000e0003', value, gas: 21_000n });
  return test.backend.transactions.sendRawTransaction(raw);
}

/** What a client receives when `promise` rejects. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error) => onTheWire(error),
  );
}

function head(test: TestChain): number {
  return Number(test.backend.blocks.blockNumber());
}

describe('evm_snapshot / evm_revert', () => {
  it('rewinds blocks, receipts and state across several blocks; ids count from 0 and are consumed with later ones', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const { backend } = chain;
    const kept = await send(chain);
    const first = await backend.snapshots.snapshot();
    const second = await backend.snapshots.snapshot();
    expect([first, second]).toEqual([0n, 1n]);
    const blockHashBefore = servedBlock(chain!, LATEST).hash;
    const reverted = [await send(chain, 0, 10n), await send(chain, 1, 100n)];
    expect(head(chain)).toBe(3);

    expect(await backend.snapshots.revert(first)).toBe(true);
    expect(head(chain)).toBe(1);
    expect(servedBlock(chain!, LATEST).hash).toBe(blockHashBefore);
    expect(backend.blocks.getBlock({ kind: 'number', number: 2n }, false)).toBeNull();
    for (const hash of reverted) {
      expect(backend.blocks.getTransactionReceipt(hash)).toBeNull();
      expect(backend.blocks.getTransactionByHash(hash)).toBeNull();
    }
    expect(backend.blocks.getTransactionReceipt(kept)).toMatchObject({ blockNumber: '0x1' });
    expect(backend.state.getBalance(RECIPIENT, LATEST)).toBe(1n);
    expect(backend.state.getTransactionCount(hexToBytes(chain.accounts[0]!.address), PENDING)).toBe(1n);
    // Consumed: the snapshot itself and the one taken after it.
    expect(await backend.snapshots.revert(first)).toBe(false);
    expect(await backend.snapshots.revert(second)).toBe(false);
    expect(await backend.snapshots.snapshot()).toBe(2n);

    // The chain goes on from the snapshot: block 2 again, another block, and the same sender's nonce 1 again.
    const after = await send(chain, 0, 1000n);
    expect(backend.blocks.getTransactionReceipt(after)).toMatchObject({ blockNumber: '0x2', status: '0x1' });
    expect(backend.state.getBalance(RECIPIENT, LATEST)).toBe(1001n);
  });

  it('restores pre-confirmed sub-blocks of the open block taken in the snapshot (interval mining), which then seal normally', async () => {
    chain = await createTestChain();
    const { backend } = chain;
    const kept = await send(chain);
    await preconfirm(chain);
    const id = await backend.snapshots.snapshot();
    const dropped = await send(chain, 1);
    await preconfirm(chain);
    await sealBlock(chain);
    await send(chain, 2);
    await preconfirm(chain);

    expect(await backend.snapshots.revert(id)).toBe(true);
    expect(head(chain)).toBe(0);
    expect(backend.blocks.getTransactionReceipt(kept)).toMatchObject({ blockNumber: '0x1', blockHash: `0x${'0'.repeat(64)}` });
    expect(backend.blocks.getTransactionReceipt(dropped)).toBeNull();
    expect(backend.state.getBalance(RECIPIENT, PENDING)).toBe(1n);
    expect(chain.sequencer.openBlock.subBlocks).toHaveLength(1);

    const sealed = await sealBlock(chain);
    expect(sealed).toBe(1);
    expect(servedBlock(chain!, LATEST).transactions).toEqual([kept]);
    expect(backend.state.getBalance(RECIPIENT, LATEST)).toBe(1n);
  });

  it('is durable: after a revert and a restart the removed blocks stay gone, and proofs of the new blocks verify against their roots', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-revert-'));
    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir });
    await send(chain);
    const id = await chain.backend.snapshots.snapshot();
    const gone = await send(chain, 0, 5n);
    expect(await chain.backend.snapshots.revert(id)).toBe(true);
    const clock = chain.clock;
    await chain.close();

    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir }, { clock });
    const { backend } = chain;
    expect(head(chain)).toBe(1);
    expect(backend.blocks.getTransactionReceipt(gone)).toBeNull();
    expect(backend.state.getBalance(RECIPIENT, LATEST)).toBe(1n);
    const next = await send(chain, 0, 7n);
    expect(backend.blocks.getTransactionReceipt(next)).toMatchObject({ blockNumber: '0x2', status: '0x1' });
    const proof = await backend.state.getProof(RECIPIENT, [], LATEST);
    const stateRoot = backend.blocks.getBlock(LATEST, false)!.stateRoot;
    const account = createAccountFromRLP(verifyMerkleProof(hexToBytes(stateRoot), RECIPIENT, proof.accountProof.map(hexToBytes))!);
    expect(account.balance).toBe(8n);
  });

  it('calls in the worker thread read the rewound state at a block number the new chain reuses', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-revert-calls-'));
    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir });
    const { backend } = chain;
    const owner = chain.accounts[0]!;
    const deployment = await signTestTransaction(chain, owner, {
      data: encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode, args: [1000n] }),
      gas: 2_000_000n,
    });
    await backend.transactions.sendRawTransaction(deployment.raw);
    const token = backend.blocks.getTransactionReceipt(deployment.hash)!.contractAddress!;
    const id = await backend.snapshots.snapshot();
    const tokenHead = head(chain);
    await send(chain);
    const balanceOf = hexToBytes(encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'balanceOf', args: [owner.address] }));
    const balanceAt = (number: number) => backend.calls.call({ to: hexToBytes(token), data: balanceOf }, { kind: 'number', number: BigInt(number) });
    const before = await balanceAt(tokenHead + 1);

    expect(await backend.snapshots.revert(id)).toBe(true);
    await chain.sequencer.editState({ description: 'wipe token storage', apply: (state) => state.setCode(hexToBytes(token), new Uint8Array(0)) });
    expect(head(chain)).toBe(tokenHead + 1);
    expect(before.length).toBe(32);
    expect(await balanceAt(tokenHead + 1)).toHaveLength(0);
  });

  it('subscriptions go on after a revert: newPreconfBlockTransactions and newHeads announce the new transactions and blocks', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const { backend } = chain;
    const id = await backend.snapshots.snapshot();
    const transactions: unknown[] = [];
    const heads: unknown[] = [];
    const stopTransactions = backend.subscriptions.subscribe(toSubscriptionRequest('newPreconfBlockTransactions', undefined), (batch) =>
      transactions.push(...resultsOf(batch)),
    );
    const stopHeads = backend.subscriptions.subscribe(toSubscriptionRequest('newHeads', undefined), (batch) =>
      heads.push(...resultsOf(batch).map((head) => (head as { number: Hex }).number)),
    );
    const before = [await send(chain), await send(chain)];
    await backend.snapshots.revert(id);
    const after = await send(chain, 1);
    stopTransactions();
    stopHeads();
    expect(transactions).toEqual([...before, after]);
    expect(heads).toEqual(['0x1', '0x2', '0x1']);
  });

  it('moves filters back: a block filter reports the blocks mined after the revert', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const { backend } = chain;
    const id = await backend.snapshots.snapshot();
    const filter = backend.logs.newBlockFilter();
    await send(chain);
    await send(chain);
    expect(backend.logs.getFilterChanges(filter)).toHaveLength(2);
    await backend.snapshots.revert(id);
    await send(chain);
    expect(backend.logs.getFilterChanges(filter)).toEqual([servedBlock(chain!, LATEST).hash]);
  });
});

describe('anvil_rollback and anvil_reset', () => {
  it("rollback removes the latest blocks (default 1); deeper than the chain is refused in Anvil's words", async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { backend } = chain;
    await chain.sequencer.mine({ blocks: 4 });
    await backend.snapshots.rollback(undefined);
    expect(head(chain)).toBe(3);
    await backend.snapshots.rollback(2n);
    expect(head(chain)).toBe(1);
    expect(await rejection(backend.snapshots.rollback(5n))).toEqual({
      code: -32602,
      message: 'Rollback depth must not exceed current chain height: current height 1, depth 5',
    });
  });

  it('reset goes back to the same genesis, empties the pool (journal too) and forgets snapshots and time; a fork is refused', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-reset-'));
    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir });
    const { backend } = chain;
    const genesis = servedBlock(chain!, { kind: 'number', number: 0n }).hash;
    await send(chain);
    const id = await backend.snapshots.snapshot();
    await backend.time.increaseTime(3600n);
    const queued = await signTestTransaction(chain, chain.accounts[1]!, { to: '0x00000000000000000000000000000000000e0003', gas: 21_000n, nonce: 5n });
    await backend.transactions.sendRawTransaction(queued.raw);
    expect(chain.pool.size).toBe(1);

    await backend.snapshots.reset(undefined);
    expect(head(chain)).toBe(0);
    expect(servedBlock(chain!, LATEST).hash).toBe(genesis);
    expect(backend.state.getBalance(RECIPIENT, LATEST)).toBe(0n);
    expect(chain.pool.size).toBe(0);
    expect(await backend.snapshots.revert(id)).toBe(false);
    await send(chain);
    const timestamp = BigInt(servedBlock(chain!, LATEST).timestamp);
    expect(timestamp).toBe(BigInt(Math.floor(chain.clock.now() / 1000)));
    expect(await rejection(backend.snapshots.reset({ jsonRpcUrl: 'http://example.invalid' }))).toEqual({ code: -32602, message: 'Forking not enabled' });

    const clock = chain.clock;
    await chain.close();
    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir }, { clock });
    expect(chain.pool.size).toBe(0);
    expect(head(chain)).toBe(1);
  });
});

/** The results a batch of notifications carries, parsed. */
function resultsOf(batch: NotificationBatch): unknown[] {
  return Array.from({ length: batch.length }, (_, index) => JSON.parse(batch.result(index)));
}
