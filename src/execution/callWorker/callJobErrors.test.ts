import { describe, expect, it } from 'vitest';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { StructLogTooLargeError } from '../../errors/StructLogTooLargeError.js';
import { TracingFailedError } from '../../errors/TracingFailedError.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { restoreCallError, serializeCallError } from './callJobErrors.js';

/** What crossing the thread boundary does: flatten, structured-clone (as postMessage does), rebuild. */
function acrossThreads(error: unknown): Error {
  return restoreCallError(structuredClone(serializeCallError(error)));
}

describe('call job errors across the worker boundary', () => {
  it.each([
    new ExecutionRevertedError({ returnData: Uint8Array.from([0x08, 0xc3]), reason: 'nope', operation: 'call' }),
    new ExecutionRevertedError({ returnData: new Uint8Array(0), operation: 'estimateGas' }),
    new ExecutionFailedError('invalid opcode'),
    new GasAllowanceExceededError(100_000n),
    new InvalidCallError({ kind: 'insufficientFunds', shortfall: { address: `0x${'11'.repeat(20)}`, balance: 1n, cost: 2n } }, 'call'),
    new InvalidCallError({ kind: 'unrecognized', message: 'odd' }, 'estimateGas'),
    new ExecutionTimeoutError('call', 300),
    new ExecutionTimeoutError('trace', 5000),
    new StructLogTooLargeError(64 * 1024 * 1024),
    new TracingFailedError(new Error('invalid sender')),
  ])('a $kind comes back as the same class, answered the same', (error) => {
    const restored = acrossThreads(error);
    expect(restored).toBeInstanceOf(error.constructor);
    expect(onTheWire(restored)).toEqual(onTheWire(error));
  });

  it('anything else comes back as a plain Error (a fault, answered as an internal error)', () => {
    for (const thrown of [new TypeError('boom'), new NotFoundError({ kind: 'header' })]) {
      const restored = acrossThreads(thrown);
      expect(restored.constructor).toBe(Error);
      expect(restored.message).toBe(thrown.message);
    }
  });
});
