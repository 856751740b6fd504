// The dev methods' state edits on a whole in-process chain: visible in "pending" when the call
// returns, in "latest" after the next seal, in that block's state root (checked with an
// independent Merkle-proof walk), and ERC-20 balances and allowances found by probing.

import { RLP } from '@ethereumjs/rlp';
import { createAccountFromRLP } from '@ethereumjs/util';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTraceConfig } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes, padBytes, toQuantity } from '../../primitives/hex.js';
import { RawJson } from '../../primitives/RawJson.js';
import { counterArtifact, testTokenArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import { submitTestTokenDeployment } from '../../testing/testToken.js';
import { verifyMerkleProof } from '../../testing/verifyMerkleProof.js';
import type { TransactionTrace } from '../traces/TraceService.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const TARGET = hexToBytes('0x00000000000000000000000000000000000e0002');
const SLOT = padBytes(hexToBytes('0x03'), 32);
const VALUE = padBytes(hexToBytes('0x2a'), 32);

let chain: TestChain | undefined;

/** A trace result as a client reads it (a worker's comes as JSON text). */
function parsed(result: unknown): unknown {
  return result instanceof RawJson ? JSON.parse(result.text) : result;
}

afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

async function provenAccount(test: TestChain, address: Uint8Array) {
  const block = test.backend.blocks.getBlock(LATEST, false)!;
  const proof = await test.backend.state.getProof(address, [{ slot: SLOT, printed: bytesToHex(SLOT) }], LATEST);
  const encoded = verifyMerkleProof(hexToBytes(block.stateRoot), address, proof.accountProof.map(hexToBytes));
  if (!encoded) return undefined;
  const account = createAccountFromRLP(encoded);
  const slot = verifyMerkleProof(account.storageRoot, SLOT, proof.storageProof[0]!.proof.map(hexToBytes));
  return { account, slot: slot ? bytesToHex(RLP.decode(slot) as Uint8Array) : undefined };
}

async function tokenCall(test: TestChain, token: Hex, functionName: 'balanceOf' | 'allowance', args: readonly Hex[]): Promise<bigint> {
  const data = encodeFunctionData({ abi: testTokenArtifact.abi, functionName, args } as never);
  const returned = await test.backend.calls.call({ to: hexToBytes(token), data: hexToBytes(data) }, PENDING);
  return decodeFunctionResult({ abi: testTokenArtifact.abi, functionName, data: bytesToHex(returned) } as never) as bigint;
}

describe('dev state edits', () => {
  it('set balance, nonce, code and a slot: in "pending" at once, in "latest" and the state root after the seal', async () => {
    chain = await createTestChain();
    const { dev, state } = chain.backend;
    await dev.state.setBalance(TARGET, 10n ** 18n);
    await dev.state.addBalance(TARGET, 5n);
    await dev.state.setNonce(TARGET, 7n);
    await dev.state.setCode(TARGET, hexToBytes('0x6001600155'));
    await dev.state.setStorageAt(TARGET, SLOT, VALUE);
    expect(state.getBalance(TARGET, PENDING)).toBe(10n ** 18n + 5n);
    expect(state.getTransactionCount(TARGET, PENDING)).toBe(7n);
    expect(bytesToHex(state.getCode(TARGET, PENDING))).toBe('0x6001600155');
    expect(bytesToHex(state.getStorageAt(TARGET, SLOT, PENDING))).toBe('0x2a');
    expect(state.getBalance(TARGET, LATEST)).toBe(0n);
    // One sub-block per edit, in call order.
    expect(chain.sequencer.openBlock.subBlocks.map((subBlock) => subBlock.stateEdits?.[0]?.split(' ')[0])).toEqual([
      'setBalance',
      'addBalance',
      'setNonce',
      'setCode',
      'setStorageAt',
    ]);

    await sealBlock(chain);
    const proven = await provenAccount(chain, TARGET);
    expect(proven?.account.balance).toBe(10n ** 18n + 5n);
    expect(proven?.account.nonce).toBe(7n);
    expect(proven?.slot).toBe('0x2a');
    expect(state.getBalance(TARGET, LATEST)).toBe(10n ** 18n + 5n);
  });

  it('never create an empty account, but anchor a written slot in a new one', async () => {
    chain = await createTestChain();
    const { dev } = chain.backend;
    const empty = hexToBytes('0x00000000000000000000000000000000000e0003');
    await dev.state.setBalance(empty, 0n);
    await dev.state.setNonce(empty, 0n);
    await dev.state.setCode(empty, new Uint8Array(0));
    await dev.state.setStorageAt(TARGET, SLOT, VALUE);
    await sealBlock(chain);
    expect(await provenAccount(chain, empty)).toBeUndefined();
    expect((await provenAccount(chain, TARGET))?.slot).toBe('0x2a');
  });

  it('saturate: a nonce above 2^64 - 1 is 2^64 - 1, a balance added past 2^256 - 1 is 2^256 - 1', async () => {
    chain = await createTestChain();
    const { dev, state } = chain.backend;
    await dev.state.setNonce(TARGET, 2n ** 70n);
    await dev.state.setBalance(TARGET, 2n ** 256n - 10n);
    await dev.state.addBalance(TARGET, 100n);
    expect(state.getTransactionCount(TARGET, LATEST)).toBe(0n);
    await sealBlock(chain);
    expect(state.getTransactionCount(TARGET, LATEST)).toBe(2n ** 64n - 1n);
    expect(state.getBalance(TARGET, LATEST)).toBe(2n ** 256n - 1n);
  });

  it('are ordered with transactions: a dev account funded by an edit can spend it in the next sub-block', async () => {
    chain = await createTestChain();
    const poor = chain.accounts[3]!;
    await chain.backend.dev.state.setBalance(hexToBytes(poor.address), 0n);
    const refused = await submitTestTokenDeployment(chain, poor).catch((error: unknown) => error);
    expect(onTheWire(refused).message).toMatch(/^insufficient funds for gas \* price \+ value/);
    await chain.backend.dev.state.setBalance(hexToBytes(poor.address), 10n ** 18n);
    const hash = await submitTestTokenDeployment(chain, poor);
    await preconfirm(chain);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1' });
  });

  it("deal an ERC-20 balance and set an allowance by finding the token's slots", async () => {
    chain = await createTestChain();
    const deployer = chain.accounts[0]!;
    const hash = await submitTestTokenDeployment(chain, deployer, 1000n);
    await preconfirm(chain);
    const token = chain.backend.blocks.getTransactionReceipt(hash)!.contractAddress!;
    const holder = chain.accounts[1]!.address as Hex;
    const spender = chain.accounts[2]!.address as Hex;

    await chain.backend.dev.state.dealErc20(hexToBytes(holder), hexToBytes(token), 12_345n);
    await chain.backend.dev.state.setErc20Allowance(hexToBytes(holder), hexToBytes(spender), hexToBytes(token), 777n);
    expect(await tokenCall(chain, token, 'balanceOf', [holder])).toBe(12_345n);
    expect(await tokenCall(chain, token, 'allowance', [holder, spender])).toBe(777n);
    // The deployer's balance and the holder's allowance for others are other slots: untouched.
    expect(await tokenCall(chain, token, 'balanceOf', [deployer.address as Hex])).toBe(1000n);
    expect(await tokenCall(chain, token, 'allowance', [spender, holder])).toBe(0n);
    // Zero finds the slot too (the probe writes its own marker, not the amount).
    await chain.backend.dev.state.dealErc20(hexToBytes(deployer.address), hexToBytes(token), 0n);
    expect(await tokenCall(chain, token, 'balanceOf', [deployer.address as Hex])).toBe(0n);
  });

  it.each([
    ['on this thread (storage in memory)', true],
    ['in the execution workers (LMDB storage)', false],
  ])('replay in place: a trace of a transaction after an edit in the same block sees the edit, %s', async (_, ephemeral) => {
    chain = await createTestChain({ ephemeral });
    const deployer = chain.accounts[0]!;
    const deployment = await sendTestTransaction(chain, deployer, { data: counterArtifact.bytecode, gas: 500_000n });
    await sealBlock(chain);
    const counter = chain.backend.blocks.getTransactionReceipt(deployment)!.contractAddress!;
    const increment = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' });
    const first = await sendTestTransaction(chain, deployer, { to: counter, data: increment, gas: 100_000n });
    await preconfirm(chain);
    await chain.backend.dev.state.setStorageAt(hexToBytes(counter), new Uint8Array(32), padBytes(hexToBytes('0x29'), 32));
    const second = await sendTestTransaction(chain, deployer, { to: counter, data: increment, gas: 100_000n });
    await preconfirm(chain);
    const number = await sealBlock(chain);
    expect(chain.backend.blocks.getTransactionReceipt(first)).toMatchObject({ blockNumber: toQuantity(number) });
    expect(chain.backend.blocks.getTransactionReceipt(second)).toMatchObject({ blockNumber: toQuantity(number) });

    const prestate = { ...defaultTraceConfig(), tracer: 'prestateTracer' };
    const before = parsed(await chain.backend.traces.traceTransaction(second, prestate)) as Record<string, { storage?: Record<string, Hex> }>;
    expect(before[counter.toLowerCase()]?.storage).toEqual({ [`0x${'00'.repeat(32)}`]: `0x${'29'.padStart(64, '0')}` });
    const traces = parsed(await chain.backend.traces.traceBlock({ kind: 'number', number: BigInt(number) }, prestate)) as TransactionTrace[];
    expect(traces.map((trace) => trace.txHash)).toEqual([first, second]);
    expect((traces[0]!.result as Record<string, { storage?: Record<string, Hex> }>)[counter.toLowerCase()]?.storage).toEqual({
      [`0x${'00'.repeat(32)}`]: `0x${'00'.repeat(32)}`,
    });
  });

  it("refuse, in Anvil's words, to deal a token whose balanceOf reads no slot", async () => {
    chain = await createTestChain();
    const notAToken = hexToBytes(chain.accounts[5]!.address);
    const error = await chain.backend.dev.state.dealErc20(TARGET, notAToken, 1n).catch((caught: unknown) => caught);
    expect(onTheWire(error)).toEqual({ code: -32000, message: 'Unable to set ERC20 balance, no slot found' });
  });
});
