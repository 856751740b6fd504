// The trace config decoders: geth's defaults, Go's JSON type errors, durations and clamping,
// debug_traceCall's extras.

import { describe, expect, it } from 'vitest';
import { InvalidOverrideError } from '../../errors/InvalidOverrideError.js';
import { DEFAULT_TRACE_TIMEOUT_MS, MAX_TRACE_TIMEOUT_MS } from '../../execution/tracing/TraceConfig.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { traceCallConfig, traceConfig } from './traceDecoders.js';

describe('traceConfig', () => {
  it('defaults to the struct logger with stack and storage, no memory or return data, 5 s', () => {
    for (const absent of [undefined, null, {}]) {
      expect(traceConfig(absent)).toEqual({
        tracerConfig: {},
        logger: { enableMemory: false, disableStack: false, disableStorage: false, enableReturnData: false, limit: 0 },
        timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
      });
    }
  });

  it('reads the tracer, its config, the logger options and the timeout; ignores unknown fields', () => {
    expect(
      traceConfig({
        tracer: 'callTracer',
        tracerConfig: { onlyTopCall: true },
        enableMemory: true,
        disableStack: true,
        disableStorage: true,
        enableReturnData: true,
        limit: 10,
        timeout: '1m',
        reexec: 128,
      }),
    ).toEqual({
      tracer: 'callTracer',
      tracerConfig: { onlyTopCall: true },
      logger: { enableMemory: true, disableStack: true, disableStorage: true, enableReturnData: true, limit: 10 },
      timeoutMs: 60_000,
    });
  });

  it('clamps timeouts to the maximum, and an empty tracer name means the struct logger', () => {
    expect(traceConfig({ timeout: '1h' }).timeoutMs).toBe(MAX_TRACE_TIMEOUT_MS);
    expect(traceConfig({ timeout: '-1s' }).timeoutMs).toBe(0);
    expect(traceConfig({ tracer: '' }).tracer).toBeUndefined();
  });

  it('fails with Go’s JSON errors for wrong types, and -32000 for a timeout Go cannot parse', () => {
    expect(() => traceConfig({ disableStack: 'yes' })).toThrow(
      new TypeError('json: cannot unmarshal string into Go struct field TraceConfig.disableStack of type bool'),
    );
    expect(() => traceConfig({ tracer: 1 })).toThrow('json: cannot unmarshal number into Go struct field TraceConfig.tracer of type string');
    expect(() => traceConfig('callTracer')).toThrow('json: cannot unmarshal string into Go value of type tracers.TraceConfig');
    let error: unknown;
    try {
      traceConfig({ timeout: 'soon' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: -32000, message: 'time: invalid duration "soon"' });
  });
});

describe('traceCallConfig', () => {
  it("adds txIndex and geth's state and block overrides", () => {
    expect(traceCallConfig({ tracer: 'prestateTracer', txIndex: '0x2' })).toMatchObject({ tracer: 'prestateTracer', txIndex: 2 });
    const account = `0x${'c0'.repeat(20)}`;
    const config = traceCallConfig({ stateOverrides: { [account]: { balance: '0x10', nonce: '0x2' } }, blockOverrides: { Number: '0x20', time: '0x5' } });
    expect(config.stateOverrides).toEqual(new Map([['c0'.repeat(20), { balance: 16n, nonce: 2n }]]));
    expect(config.blockOverrides).toEqual({ number: 32n, time: 5n });
    // Outside eth_simulateV1, geth refuses these block overrides.
    expect(() => traceCallConfig({ blockOverrides: { beaconRoot: `0x${'00'.repeat(32)}` } })).toThrow(InvalidOverrideError);
  });
});
