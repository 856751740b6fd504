// The sequencer's mining modes, driven in process with a manual clock: instant mining seals a
// submission before it answers (batches share a block, a filled nonce gap mines what it
// unblocks, timestamps still increase), manual mining waits for evm_mine, and modes switch at run
// time — all over the one producer.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import type { RpcBlock } from '../services/views/RpcBlock.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../testing/driveChain.js';
import { FullDiskStorage } from '../testing/FullDiskStorage.js';
import { signTestTransaction } from '../testing/sendTestTransaction.js';
import type { ChainEvents } from './ChainEvents.js';
import { intervalMining } from './MiningMode.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const RECIPIENT = '0x00000000000000000000000000000000000e0002';

let chain: TestChain | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Signs a 1-wei transfer from dev account `from` (nonce as given, else its pending nonce). */
/** A block as served (it exists: these tests ask for blocks the chain has). */
function servedBlock(test: TestChain, selector: BlockSelector): RpcBlock {
  return test.backend.blocks.getBlock(selector, false)!;
}

async function transfer(test: TestChain, from: number, nonce?: bigint): Promise<{ raw: Uint8Array; hash: Hex }> {
  return signTestTransaction(test, test.accounts[from]!, { to: RECIPIENT, value: 1n, gas: 21_000n, ...(nonce === undefined ? {} : { nonce }) });
}

/** Submits as eth_sendRawTransaction does (through the backend, so instant mining applies). */
function submit(test: TestChain, raw: Uint8Array): Promise<Hex> {
  return test.backend.transactions.sendRawTransaction(raw);
}

/** Wraps `storage` so that `commits.count` counts its commits. */
function countingCommits(storage: Storage, commits: { count: number }): Storage {
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property !== 'commit') return Reflect.get(target, property, receiver);
      return (batch: WriteBatch) => {
        commits.count++;
        return target.commit(batch);
      };
    },
  });
}

function blockNumber(test: TestChain): number {
  return Number(test.backend.blocks.blockNumber());
}

function recordEvents(test: TestChain): Array<keyof ChainEvents> {
  const seen: Array<keyof ChainEvents> = [];
  test.events.on('subBlock', () => seen.push('subBlock'));
  test.events.on('sealedBlock', () => seen.push('sealedBlock'));
  return seen;
}

describe('instant mining', () => {
  it('answers a submission with the transaction already sealed in "latest", announced as sub-block 0 then the block', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const events = recordEvents(chain);
    const { raw, hash } = await transfer(chain, 0);
    expect(await submit(chain, raw)).toBe(hash);

    expect(blockNumber(chain)).toBe(1);
    const receipt = chain.backend.blocks.getTransactionReceipt(hash)!;
    expect(receipt).toMatchObject({ status: '0x1', blockNumber: '0x1', transactionIndex: '0x0' });
    expect(receipt.blockHash).toBe(servedBlock(chain, LATEST).hash);
    expect(chain.backend.state.getBalance(hexToBytes(RECIPIENT), LATEST)).toBe(1n);
    expect(events).toEqual(['subBlock', 'sealedBlock']);
    // Nothing is left pre-confirmed: "pending" is "latest".
    expect(chain.sequencer.openBlock.subBlocks).toHaveLength(0);
    expect(servedBlock(chain, PENDING).hash).toBe(receipt.blockHash);
  });

  it('puts transactions submitted together (one JSON-RPC batch) in one block', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const signed = await Promise.all([0, 1, 2, 3].map((from) => transfer(chain!, from)));
    const hashes = await Promise.all(signed.map(({ raw }) => submit(chain!, raw)));
    expect(blockNumber(chain)).toBe(1);
    // One block, in the pool's order (best tip first, then by hash), whatever the order of arrival.
    expect([...servedBlock(chain, LATEST).transactions].sort()).toEqual([...hashes].sort());
  });

  it('mines transactions that a filled nonce gap makes executable, not only the one submitted', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const later = await transfer(chain, 0, 1n);
    const laterStill = await transfer(chain, 0, 2n);
    await submit(chain, later.raw);
    await submit(chain, laterStill.raw);
    expect(blockNumber(chain)).toBe(0);
    expect(chain.pool.status()).toEqual({ pending: 0, queued: 2 });

    const gap = await transfer(chain, 0, 0n);
    await submit(chain, gap.raw);
    expect(chain.pool.size).toBe(0);
    expect(servedBlock(chain, LATEST).transactions).toEqual([gap.hash, later.hash, laterStill.hash]);
  });

  it('gives blocks mined within one second strictly increasing timestamps (the chain runs ahead, then the clock catches up)', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const genesis = BigInt(servedBlock(chain, { kind: 'number', number: 0n }).timestamp);
    for (let count = 0; count < 3; count++) await submit(chain, (await transfer(chain, 0)).raw);
    const timestamps = [1n, 2n, 3n].map((number) => BigInt(servedBlock(chain!, { kind: 'number', number }).timestamp));
    const now = BigInt(Math.floor(chain.clock.now() / 1000));
    // Genesis is one second back; the first block takes the clock's second, the next two run ahead by one each.
    expect(genesis).toBe(now - 1n);
    expect(timestamps).toEqual([now, now + 1n, now + 2n]);

    await chain.clock.advance(10_000);
    await submit(chain, (await transfer(chain, 0)).raw);
    expect(BigInt(servedBlock(chain, LATEST).timestamp)).toBe(now + 10n);
  });

  it('seals a state edit at once, so "latest" shows it', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const target = hexToBytes(RECIPIENT);
    await chain.sequencer.editState({ description: 'setBalance', apply: (state) => state.setBalance(target, 5n) });
    expect(blockNumber(chain)).toBe(1);
    expect(chain.backend.state.getBalance(target, LATEST)).toBe(5n);
  });

  it('makes a submission it mines durable with one commit, its block commit, and announces it once, before the sub-block', async () => {
    const commits = { count: 0 };
    chain = await createTestChain({ mining: 'instant' }, { wrapStorage: (storage) => countingCommits(storage, commits) });
    const events = recordEvents(chain);
    chain.events.on('pendingTransaction', () => events.push('pendingTransaction'));
    const { raw, hash } = await transfer(chain, 0);
    const before = commits.count;
    await submit(chain, raw);

    expect(commits.count - before).toBe(1);
    expect(events).toEqual(['pendingTransaction', 'subBlock', 'sealedBlock']);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1' });
  });

  it('journals a submission its block cannot take (a nonce gap) before it answers: after a restart the pool still holds it', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-instant-gap-'));
    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir });
    const announced: Hex[] = [];
    chain.events.on('pendingTransaction', ({ hash }) => announced.push(hash));
    const { raw, hash } = await transfer(chain, 0, 1n);
    await submit(chain, raw);
    expect(announced).toEqual([hash]);
    await chain.close();

    chain = await createTestChain({ mining: 'manual', ephemeral: false, dataDir });
    expect(chain.pool.get(hash)?.nonce).toBe(1n);
  });

  it('refuses a submission its block cannot take when the journal cannot be written (full disk), and the pool lets it go', async () => {
    let disk: FullDiskStorage | undefined;
    chain = await createTestChain({ mining: 'instant' }, { wrapStorage: (storage) => (disk = new FullDiskStorage(storage)) });
    const { raw, hash } = await transfer(chain, 0, 1n);
    disk!.full = true;
    await expect(submit(chain, raw)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(chain.pool.get(hash)).toBeUndefined();
  });

  it('mines transactions restored from the journal when the node starts', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-instant-restart-'));
    chain = await createTestChain({ mining: 'manual', ephemeral: false, dataDir });
    const { raw, hash } = await transfer(chain, 0);
    await submit(chain, raw);
    await chain.close();

    chain = await createTestChain({ mining: 'instant', ephemeral: false, dataDir });
    // The start-up block is made in the background, right after start.
    if (chain.backend.blocks.getTransactionReceipt(hash) === null) await new Promise<void>((resolve) => chain!.events.on('sealedBlock', () => resolve()));
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ blockNumber: '0x1', status: '0x1' });
  });
});

describe('manual mining', () => {
  it('pre-confirms and seals nothing as time passes; the pool keeps what was submitted until evm_mine', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const events = recordEvents(chain);
    const { raw, hash } = await transfer(chain, 0);
    await submit(chain, raw);
    await chain.clock.advance(60_000);
    expect(events).toEqual([]);
    expect(blockNumber(chain)).toBe(0);
    expect(chain.backend.transactions.transactionStatus(hash)).toEqual({ status: 'Known', stage: 'pool' });

    const [mined] = await chain.sequencer.mine({ blocks: 1 });
    expect(mined!.transactions).toEqual([hash]);
    expect(blockNumber(chain)).toBe(1);
    expect(events).toEqual(['subBlock', 'sealedBlock']);
  });

  it('mines empty blocks on demand, each a second after its parent at least', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const blocks = await chain.sequencer.mine({ blocks: 3 });
    expect(blocks.map((block) => Number(block.number))).toEqual([1, 2, 3]);
    const timestamps = blocks.map((block) => BigInt(block.timestamp));
    expect(timestamps[1]! - timestamps[0]!).toBe(1n);
    expect(timestamps[2]! - timestamps[1]!).toBe(1n);
    expect(blocks.every((block) => block.transactions.length === 0)).toBe(true);
  });
});

describe('switching modes at run time', () => {
  it('interval → instant mines what the pool holds and seals what was pre-confirmed; instant → interval ticks again', async () => {
    chain = await createTestChain();
    const first = await transfer(chain, 0);
    await submit(chain, first.raw);
    await preconfirm(chain);
    const second = await transfer(chain, 1);
    await submit(chain, second.raw);
    expect(chain.sequencer.openBlock.records.map((record) => record.fields.hash)).toEqual([first.hash]);

    await chain.sequencer.setMode({ kind: 'instant' });
    expect(blockNumber(chain)).toBe(2);
    expect(chain.backend.blocks.getTransactionReceipt(first.hash)).toMatchObject({ blockNumber: '0x1' });
    expect(chain.backend.blocks.getTransactionReceipt(second.hash)).toMatchObject({ blockNumber: '0x2' });

    await chain.sequencer.setMode(intervalMining(1000, 200));
    const third = await transfer(chain, 2);
    await submit(chain, third.raw);
    expect(chain.backend.blocks.getTransactionReceipt(third.hash)).toBeNull();
    await preconfirm(chain);
    expect(chain.backend.blocks.getTransactionReceipt(third.hash)).toMatchObject({ blockNumber: '0x3', blockHash: expect.stringMatching(/^0x0{64}$/) });
    expect(await sealBlock(chain)).toBe(3);
  });

  it('pause (miner_stop) stops interval ticks until resume (miner_start); evm_mine still mines meanwhile', async () => {
    chain = await createTestChain();
    await chain.sequencer.pause();
    expect(chain.sequencer.mode).toEqual({ kind: 'manual' });
    const { raw, hash } = await transfer(chain, 0);
    await submit(chain, raw);
    await chain.clock.advance(5_000);
    expect(blockNumber(chain)).toBe(0);
    await chain.sequencer.mine({ blocks: 1 });
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ blockNumber: '0x1' });

    await chain.sequencer.resume();
    expect(chain.sequencer.mode).toMatchObject({ kind: 'interval', blockTimeMs: 2000 });
    await chain.clock.advance(2_000);
    expect(blockNumber(chain)).toBe(2);
  });

  it('interval mining at another block time keeps sub-blocks on a grid that divides it', () => {
    expect(intervalMining(3000, 200)).toEqual({ kind: 'interval', blockTimeMs: 3000, preconfIntervalMs: 200 });
    expect(intervalMining(1000, 300)).toEqual({ kind: 'interval', blockTimeMs: 1000, preconfIntervalMs: 250 });
    expect(intervalMining(5000, 5000)).toEqual({ kind: 'interval', blockTimeMs: 5000, preconfIntervalMs: 5000 });
  });
});

describe('block parameters', () => {
  it('a coinbase, gas limit and base fee set for the next block reach its header; the base fee is then EIP-1559 again', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const coinbase = hexToBytes('0x00000000000000000000000000000000000c0111');
    await chain.sequencer.adjust((parameters) => {
      parameters.coinbase = coinbase;
      parameters.gasLimit = 30_000_000n;
      parameters.setNextBaseFee(800n);
    });
    // The open block is empty, so it is stamped again: "pending" shows the new values at once.
    expect(chain.sequencer.openBlock).toMatchObject({ gasLimit: 30_000_000n, baseFeePerGas: 800n });
    const [first, second] = await chain.sequencer.mine({ blocks: 2 });
    expect(first).toMatchObject({ miner: bytesToHex(coinbase), gasLimit: '0x1c9c380', baseFeePerGas: '0x320' });
    // After an empty block EIP-1559 lowers the base fee by 1/8: 800 → 700.
    expect(second).toMatchObject({ miner: bytesToHex(coinbase), gasLimit: '0x1c9c380', baseFeePerGas: '0x2bc' });
  });
});
