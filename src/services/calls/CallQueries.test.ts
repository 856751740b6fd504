/**
 * CallQueries with overrides on an in-process chain, whose execution jobs run on this thread's
 * lanes (InProcessLanes) rather than in workers: the overrides travel inside the jobs there too,
 * and the answer cache never answers a request with overrides from an entry without them (nor
 * the other way round). test/e2e/overrides.test.ts covers the same through the worker threads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTraceConfig } from '../../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';

const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const CONTRACT = 'c0'.repeat(20);
/** PUSH1 1 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: returns slot 1 as one word. */
const RETURN_SLOT_1 = hexToBytes('0x60015460005260206000f3');
/** NUMBER PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: returns the block number as one word. */
const RETURN_NUMBER = hexToBytes('0x4360005260206000f3');

const word = (value: number) => {
  const bytes = new Uint8Array(32);
  bytes[31] = value;
  return bytes;
};

let chain: TestChain;
afterEach(() => chain.close());

describe('CallQueries with overrides (in-process lanes)', () => {
  it('eth_call: a call with overrides is neither answered from nor kept in the answer cache', async () => {
    chain = await createTestChain();
    const calls = chain.backend.calls;
    const request = { to: hexToBytes(`0x${CONTRACT}`) };
    const override = { state: new Map([[CONTRACT, { code: RETURN_SLOT_1, stateDiff: new Map([[`${'00'.repeat(31)}01`, word(42)]]) }]]) };
    // The same request three times on one block state: cached without overrides, not with them.
    expect(await calls.call(request, LATEST)).toEqual(new Uint8Array(0));
    expect(await calls.call(request, LATEST, override)).toEqual(word(42));
    expect(await calls.call(request, LATEST)).toEqual(new Uint8Array(0));
    expect(await calls.call(request, LATEST, { block: { number: 77n }, state: new Map([[CONTRACT, { code: RETURN_NUMBER }]]) })).toEqual(word(77));
  });

  it('eth_estimateGas: a balance override pays for a transfer the sender could not', async () => {
    chain = await createTestChain();
    const calls = chain.backend.calls;
    const poor = 'aa'.repeat(20);
    const transfer = { from: hexToBytes(`0x${poor}`), to: hexToBytes(`0x${'bb'.repeat(20)}`), value: 10n ** 18n };
    await expect(calls.estimateGas(transfer, LATEST)).rejects.toThrow(/insufficientFunds/);
    expect(await calls.estimateGas(transfer, LATEST, { state: new Map([[poor, { balance: 2n * 10n ** 18n }]]) })).toBe(21_000n);
  });

  it("debug_traceCall: the config's state and block overrides apply to the traced call", async () => {
    chain = await createTestChain();
    const trace = (await chain.backend.traces.traceCall({ to: hexToBytes(`0x${CONTRACT}`) }, LATEST, {
      ...defaultTraceConfig(),
      tracer: 'callTracer',
      stateOverrides: new Map([[CONTRACT, { code: RETURN_NUMBER }]]),
      blockOverrides: { number: 1234n },
    })) as { output: string };
    expect(BigInt(trace.output)).toBe(1234n);
  });
});
