// Traces in an execution worker are bounded: a struct log past --rpc-trace-max-bytes fails with a
// message naming the bound, and a trace that runs its worker out of heap fails with "trace exceeds
// the memory limit" while the worker is replaced and the next job is answered.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import type { BlockEnvironment } from '../BlockEnvironment.js';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import { defaultTraceConfig } from '../tracing/TraceConfig.js';
import { CallExecutor } from './CallExecutor.js';

/** JUMPDEST; PUSH1 0; JUMP: init code that loops until its gas is burnt (millions of struct-log entries at 50M gas). */
const ENDLESS_LOOP = hexToBytes('0x5b600056');
/** Expands memory to 8 KiB, then loops: with enableMemory every struct-log entry carries 257 memory words (~17 KB). */
const MEMORY_LOOP = hexToBytes('0x61200051505b600556');
/** Init code returning the word 1. */
const RETURNS_ONE = hexToBytes('0x600160005260206000f3');

let chain: TestChain;
let environment: BlockEnvironment;

beforeAll(async () => {
  chain = await createTestChain({ ephemeral: false });
  const open = chain.sequencer.openBlock;
  environment = {
    number: BigInt(open.number),
    timestamp: open.timestamp,
    gasLimit: chain.config.blockGasLimit,
    baseFeePerGas: open.baseFeePerGas,
    coinbase: new Uint8Array(20),
    parentHash: open.parentHash,
  };
});

afterAll(async () => {
  await chain?.close();
});

/** A struct-log trace of `data` as a call, with the given bound (and memory in every entry when `enableMemory`). */
function traceJob(data: Uint8Array, maxBytes: number, enableMemory = false) {
  const config = defaultTraceConfig();
  return {
    kind: 'traceCall' as const,
    request: { data },
    version: NEWEST_VERSION,
    epoch: 0,
    environment,
    gasCap: 50_000_000n,
    config: { ...config, timeoutMs: 60_000, logger: { ...config.logger, enableMemory, maxBytes } },
  };
}

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await promise.then(
    () => {
      throw new Error('expected the trace to fail');
    },
    (thrown: unknown) => thrown,
  );
  const { code, message } = onTheWire(error);
  return { code, message };
}

describe('trace bounds in an execution worker', () => {
  it('fails a struct log past its byte bound with a message naming it', { timeout: 120_000 }, async () => {
    const executor = new CallExecutor({ dataDir: chain.config.dataDir, chainId: chain.config.chainId, workers: 1 });
    try {
      expect(await failure(executor.trace(traceJob(ENDLESS_LOOP, 1024 * 1024)))).toEqual({
        code: -32000,
        message: 'struct log exceeds 1 MiB; narrow it with "limit", "disableStack", "disableStorage" or use a tracer',
      });
    } finally {
      await executor.close();
    }
  });

  it('fails a trace that outgrows the worker’s heap, and answers the next job from a fresh worker', { timeout: 120_000 }, async () => {
    const executor = new CallExecutor({ dataDir: chain.config.dataDir, chainId: chain.config.chainId, workers: 1, heapLimitMiB: 96 });
    try {
      expect(await failure(executor.trace(traceJob(MEMORY_LOOP, 512 * 1024 * 1024, true)))).toEqual({
        code: -32000,
        message: 'trace exceeds the memory limit of 96 MiB',
      });
      const next = await executor.call({ request: { data: RETURNS_ONE }, version: NEWEST_VERSION, epoch: 0, environment, gasCap: 50_000_000n });
      expect(next).toEqual(hexToBytes(`0x${'00'.repeat(31)}01`));
    } finally {
      await executor.close();
    }
  });
});
