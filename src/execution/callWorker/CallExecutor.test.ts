// eth_call / eth_estimateGas in a worker thread (LMDB storage, --main-thread-call-share 0), and
// on the main thread first within its share and budget (LMDB storage, the default: a job past the
// budget runs again in a worker), against the main-thread path (in-memory storage): three chains
// built by the same transactions answer the same requests identically, errors keep their code, message and data (as the RPC edge answers them), and the wall-time cap aborts an endless
// loop without breaking the next call.

import { encodeDeployData, encodeFunctionData, type Hex as ViemHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes } from '../../primitives/hex.js';
import { counterArtifact, gasHeavyArtifact, reverterArtifact, testTokenArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import type { CallRequest } from '../CallRequest.js';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import { CallExecutor } from './CallExecutor.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const INTERVAL = 200;
/** The queue test's own executor: an endless loop at 50M gas runs ~1.9 s, far past it. */
const TIMEOUT_MS = 300;
/**
 * The worker chain's cap: wide enough that an ordinary call finishes on a loaded 2-core CI machine
 * (a 300 ms cap once aborted GasHeavy.burn(20)'s estimate there), with a gas cap so high that the
 * endless loop below still runs into the time cap, not out of gas.
 */
const WORKER_TIMEOUT_MS = 1_000;
const GAS_CAP = 1_000_000_000n;
/** JUMPDEST; PUSH1 0; JUMP: init code that loops until the gas cap is burnt (~1.9 s at 50M gas). */
const ENDLESS_LOOP = hexToBytes('0x5b600056');

/**
 * `main` runs calls on the main thread (memory storage), `worker` in a call worker (LMDB),
 * `routed` on the main thread within its share and budget, the rest in a worker (LMDB).
 */
let main: TestChain;
let worker: TestChain;
let routed: TestChain;
const contracts: Record<'token' | 'reverter' | 'counter' | 'gasHeavy', Hex> = { token: '0x', reverter: '0x', counter: '0x', gasHeavy: '0x' };

async function deployOnBoth(data: Hex): Promise<Hex> {
  const addresses: Hex[] = [];
  for (const chain of [main, worker, routed]) {
    const hash = await sendTestTransaction(chain, chain.accounts[0]!, { data, gas: 3_000_000n });
    await chain.clock.advance(INTERVAL);
    const receipt = chain.backend.blocks.getTransactionReceipt(hash)!;
    expect(receipt.status).toBe('0x1');
    addresses.push(receipt.contractAddress!);
  }
  expect(addresses[1]).toBe(addresses[0]);
  expect(addresses[2]).toBe(addresses[0]);
  return addresses[0]!;
}

async function settle(promise: Promise<Uint8Array | bigint>): Promise<{ value: string } | { code: number; message: string; data: unknown }> {
  try {
    const value = await promise;
    return { value: typeof value === 'bigint' ? value.toString() : bytesToHex(value as Uint8Array) };
  } catch (error) {
    const { code, message, data } = onTheWire(error);
    return { code, message, data };
  }
}

function request(fields: { to?: Hex; data?: Hex; value?: bigint; gas?: bigint }): CallRequest {
  return {
    from: hexToBytes(main.accounts[0]!.address),
    ...(fields.to ? { to: hexToBytes(fields.to) } : {}),
    ...(fields.data ? { data: hexToBytes(fields.data) } : {}),
    ...(fields.value === undefined ? {} : { value: fields.value }),
    ...(fields.gas === undefined ? {} : { gas: fields.gas }),
  };
}

beforeAll(async () => {
  main = await createTestChain({ rpcGasCap: GAS_CAP });
  worker = await createTestChain({ ephemeral: false, rpcEvmTimeoutMs: WORKER_TIMEOUT_MS, rpcGasCap: GAS_CAP, mainThreadCallShare: 0 });
  routed = await createTestChain({ ephemeral: false, rpcEvmTimeoutMs: WORKER_TIMEOUT_MS, rpcGasCap: GAS_CAP });
  contracts.token = await deployOnBoth(encodeDeployData({ abi: testTokenArtifact.abi, bytecode: testTokenArtifact.bytecode as ViemHex, args: [10n ** 24n] }));
  contracts.reverter = await deployOnBoth(reverterArtifact.bytecode as Hex);
  contracts.counter = await deployOnBoth(counterArtifact.bytecode as Hex);
  contracts.gasHeavy = await deployOnBoth(gasHeavyArtifact.bytecode as Hex);
  // Seal block 1 on both, then pre-confirm one more increment so "pending" differs from "latest".
  for (const chain of [main, worker, routed]) await chain.clock.advance(chain.sequencer.openBlock.openedAtMs + chain.config.blockTimeMs - chain.clock.now());
  for (const chain of [main, worker, routed]) {
    await sendTestTransaction(chain, chain.accounts[0]!, {
      to: contracts.counter,
      data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }),
      gas: 100_000n,
    });
    await chain.clock.advance(INTERVAL);
  }
});

afterAll(async () => {
  await main?.close();
  await worker?.close();
  await routed?.close();
});

describe('calls in a worker, and on the main thread first, answer like the main thread', () => {
  const cases: Array<{ name: string; method: 'call' | 'estimateGas'; block: BlockSelector; fields: () => Parameters<typeof request>[0] }> = [
    { name: 'plain transfer estimate', method: 'estimateGas', block: PENDING, fields: () => ({ to: '0x00000000000000000000000000000000000000aa', value: 1n }) },
    {
      name: 'ERC-20 transfer estimate',
      method: 'estimateGas',
      block: PENDING,
      fields: () => ({
        to: contracts.token,
        data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: ['0x00000000000000000000000000000000000000bb', 5n] }),
      }),
    },
    {
      name: 'Counter.increment estimate',
      method: 'estimateGas',
      block: LATEST,
      fields: () => ({ to: contracts.counter, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'increment' }) }),
    },
    { name: 'deployment estimate', method: 'estimateGas', block: PENDING, fields: () => ({ data: counterArtifact.bytecode as Hex }) },
    {
      name: 'GasHeavy.burn(20) estimate',
      method: 'estimateGas',
      block: PENDING,
      fields: () => ({ to: contracts.gasHeavy, data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'burn', args: [20n] }) }),
    },
    {
      name: 'count at pending',
      method: 'call',
      block: PENDING,
      fields: () => ({ to: contracts.counter, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' }) }),
    },
    {
      name: 'count at latest',
      method: 'call',
      block: LATEST,
      fields: () => ({ to: contracts.counter, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' }) }),
    },
    {
      name: 'count at block 0',
      method: 'call',
      block: { kind: 'number', number: 0n },
      fields: () => ({ to: contracts.counter, data: encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' }) }),
    },
    {
      name: 'token name',
      method: 'call',
      block: PENDING,
      fields: () => ({ to: contracts.token, data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'name' }) }),
    },
    {
      name: 'revert with reason (call: code 3)',
      method: 'call',
      block: PENDING,
      fields: () => ({ to: contracts.reverter, data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' }) }),
    },
    {
      name: 'custom error (call)',
      method: 'call',
      block: LATEST,
      fields: () => ({ to: contracts.reverter, data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithCustomError' }) }),
    },
    {
      name: 'revert with reason (estimate: -32000)',
      method: 'estimateGas',
      block: PENDING,
      fields: () => ({ to: contracts.reverter, data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' }) }),
    },
    {
      name: 'assert (estimate)',
      method: 'estimateGas',
      block: PENDING,
      fields: () => ({ to: contracts.reverter, data: encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'panicAssert' }) }),
    },
    {
      name: 'gas required exceeds allowance',
      method: 'estimateGas',
      block: PENDING,
      fields: () => ({ to: contracts.gasHeavy, data: encodeFunctionData({ abi: gasHeavyArtifact.abi, functionName: 'burn', args: [100n] }), gas: 100_000n }),
    },
    { name: 'insufficient funds', method: 'call', block: PENDING, fields: () => ({ to: contracts.counter, value: 10n ** 30n }) },
    { name: 'out of gas', method: 'call', block: PENDING, fields: () => ({ data: '0x5b600056', gas: 100_000n }) },
  ];

  it.each(cases)('$name', async ({ method, block, fields }) => {
    const call = request(fields());
    const expected = await settle(main.backend.calls[method](call, block));
    expect(await settle(worker.backend.calls[method](call, block))).toEqual(expected);
    expect(await settle(routed.backend.calls[method](call, block))).toEqual(expected);
  });

  it('unknown block: "header not found", as on the main thread', async () => {
    const call = request({ to: contracts.counter });
    const block: BlockSelector = { kind: 'number', number: 99n };
    expect(await settle(worker.backend.calls.call(call, block))).toEqual(await settle(main.backend.calls.call(call, block)));
    expect(await settle(worker.backend.calls.call(call, block))).toMatchObject({ code: -32000, message: 'header not found' });
  });

  it('reverts keep code 3, the reason and the revert bytes', async () => {
    const data = encodeFunctionData({ abi: reverterArtifact.abi, functionName: 'revertWithReason' });
    const outcome = await settle(worker.backend.calls.call(request({ to: contracts.reverter, data }), PENDING));
    expect(outcome).toMatchObject({ code: 3, message: 'execution reverted: nope: reason' });
    expect((outcome as { data: string }).data).toMatch(/^0x08c379a0/);
  });
});

describe('wall-time cap', () => {
  it.each([
    ['in a worker', () => worker],
    ['moved from the main thread to a worker at its budget', () => routed],
  ])('aborts an endless loop %s with geth\'s "execution aborted (timeout = 1s)"; the next call works', async (_where, chain) => {
    const started = Date.now();
    expect(await settle(chain().backend.calls.call({ data: ENDLESS_LOOP }, PENDING))).toEqual({
      code: -32000,
      message: 'execution aborted (timeout = 1s)',
      data: undefined,
    });
    // The whole cap, in the worker: the 2 ms the main thread gave it first do not count against it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const count = encodeFunctionData({ abi: counterArtifact.abi, functionName: 'count' });
    expect(await settle(chain().backend.calls.call(request({ to: contracts.counter, data: count }), PENDING))).toEqual(
      await settle(main.backend.calls.call(request({ to: contracts.counter, data: count }), PENDING)),
    );
  });

  it('aborts an endless loop on the main thread too (in-memory chains, fork mode), and the next call works', async () => {
    const inMemory = await createTestChain({ rpcEvmTimeoutMs: TIMEOUT_MS, rpcGasCap: GAS_CAP });
    try {
      for (const method of ['call', 'estimateGas'] as const) {
        const started = Date.now();
        expect(await settle(inMemory.backend.calls[method]({ data: ENDLESS_LOOP }, PENDING))).toMatchObject({
          code: -32000,
          message: 'execution aborted (timeout = 300ms)',
        });
        // Unchecked, the loop would burn the 1e9 gas cap for ~40 s.
        expect(Date.now() - started).toBeLessThan(5_000);
      }
      expect(await settle(inMemory.backend.calls.call({ data: hexToBytes('0x60016000526001601ff3') }, PENDING))).toEqual({ value: '0x01' });
    } finally {
      await inMemory.close();
    }
  });

  it("aborts an endless loop's estimate at the time cap on a chain without EIP-7825's transaction gas limit", async () => {
    // Under Osaka an estimate cannot ask for more than 16,777,216 gas, which the loop burns in ~0.6 s on a quiet
    // machine ("gas required exceeds allowance") and in over 1 s on a loaded one; before Osaka the 1e9 gas cap
    // governs, and the loop always meets the time cap first.
    const prague = await createTestChain({ ephemeral: false, hardfork: 'prague', rpcEvmTimeoutMs: WORKER_TIMEOUT_MS, rpcGasCap: GAS_CAP });
    try {
      expect(await settle(prague.backend.calls.estimateGas({ data: ENDLESS_LOOP }, PENDING))).toMatchObject({
        code: -32000,
        message: 'execution aborted (timeout = 1s)',
      });
    } finally {
      await prague.close();
    }
  });

  it('queues behind a running job and refuses beyond the queue limit with -32005', async () => {
    const executor = new CallExecutor({ dataDir: worker.config.dataDir, chainId: worker.config.chainId, timeoutMs: TIMEOUT_MS, workers: 1, queueLimit: 1 });
    try {
      const open = worker.sequencer.openBlock;
      const job = {
        request: { data: ENDLESS_LOOP },
        version: NEWEST_VERSION,
        epoch: 0,
        environment: {
          number: BigInt(open.number),
          timestamp: open.timestamp,
          gasLimit: 150_000_000n,
          baseFeePerGas: open.baseFeePerGas,
          coinbase: new Uint8Array(20),
          parentHash: open.parentHash,
        },
        gasCap: 50_000_000n,
      };
      const returnsOne = { ...job, request: { data: hexToBytes('0x60016000526001601ff3') } };
      // The first job waits for the worker to start (start-up does not count against the cap).
      expect(await settle(executor.call(returnsOne))).toEqual({ value: '0x01' });
      const first = settle(executor.call(job));
      const queued = settle(executor.call(job));
      expect(await settle(executor.call(job))).toEqual({ code: -32005, message: 'too many pending calls', data: undefined });
      expect(await first).toMatchObject({ message: 'execution aborted (timeout = 300ms)' });
      expect(await queued).toMatchObject({ message: 'execution aborted (timeout = 300ms)' });
      expect(await settle(executor.call(returnsOne))).toEqual({ value: '0x01' });
    } finally {
      await executor.close();
    }
  });
});
