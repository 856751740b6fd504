import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { CallJob, TraceBlockJob } from './CallJob.js';
import { bytesToWireHex, jobFromWire, jobToWire, wireHexToBytes } from './callJobWire.js';

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, index) => (seed + index * 7) & 0xff);

const environment = {
  number: 7n,
  timestamp: 1_764_000_000n,
  gasLimit: 30_000_000n,
  baseFeePerGas: 875_000_000n,
  coinbase: bytes(20, 1),
  parentHash: bytes(32, 2),
  difficulty: 0n,
  prevRandao: bytes(32, 3),
  excessBlobGas: 0n,
  parentBeaconBlockRoot: bytes(32, 4),
};

/** What the worker receives: the wire form after postMessage's structured clone. */
function across(job: Parameters<typeof jobToWire>[0]) {
  return jobFromWire(deserialize(serialize(jobToWire(job))));
}

describe('callJobWire', () => {
  it('gives the worker a call job equal to the one posted, byte fields as Uint8Arrays of their own', () => {
    const job: CallJob = {
      kind: 'call',
      request: {
        from: bytes(20, 5),
        to: bytes(20, 6),
        data: bytes(36, 7),
        value: 3n,
        gas: 100_000n,
        accessList: [{ address: bytes(20, 8), storageKeys: [bytes(32, 9)] }],
      },
      version: Number.MAX_SAFE_INTEGER,
      epoch: 2,
      environment,
      gasCap: 50_000_000n,
    };
    const received = across(job);
    expect(received).toEqual(job);
    const request = received.kind === 'call' ? received.request : undefined;
    expect(request?.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(request?.data)).toBe(false);
    expect(request?.data?.byteLength).toBe(request?.data?.buffer.byteLength);
  });

  it('keeps a contract creation (to: null), missing fields and empty data as they were', () => {
    const job: CallJob = {
      kind: 'estimate',
      request: { to: null, data: new Uint8Array(0) },
      version: 5,
      epoch: 0,
      environment: { ...environment, prevRandao: undefined, parentBeaconBlockRoot: undefined },
      gasCap: 1n,
    };
    const received = across(job) as CallJob;
    expect(received.request.to).toBeNull();
    expect(received.request.from).toBeUndefined();
    expect(received.request.data).toEqual(new Uint8Array(0));
    expect(received.environment.prevRandao).toBeUndefined();
    expect(received.environment.coinbase).toEqual(environment.coinbase);
  });

  it('leaves the posted job untouched and carries jobs without a request', () => {
    const job: TraceBlockJob = {
      kind: 'traceBlock',
      parentVersion: 4,
      epoch: 1,
      environment,
      transactions: [],
      stateEdits: [],
      hashes: [],
      config: {} as TraceBlockJob['config'],
    };
    const wire = jobToWire(job);
    expect(job.environment.coinbase).toBe(environment.coinbase);
    expect(wire.job.environment.coinbase).toBeUndefined();
    expect(jobFromWire(deserialize(serialize(wire)))).toEqual(job);
  });

  it('turns return data into hex and back', () => {
    const data = bytes(32, 11);
    expect(bytesToWireHex(data)).toBe(Buffer.from(data).toString('hex'));
    expect(wireHexToBytes(bytesToWireHex(data))).toEqual(data);
    expect(wireHexToBytes('')).toEqual(new Uint8Array(0));
  });
});
