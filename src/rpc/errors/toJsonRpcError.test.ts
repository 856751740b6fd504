import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { ErrorCodes } from './errorCodes.js';
import { JsonRpcError } from './JsonRpcError.js';
import { InternalJsonRpcError, toJsonRpcError } from './toJsonRpcError.js';

describe('toJsonRpcError, the choke point', () => {
  it('passes an error built at the edge as it is', () => {
    const error = new JsonRpcError(ErrorCodes.limitExceeded, 'server busy', { data: { retryAfterSeconds: 1 } });
    expect(toJsonRpcError(error)).toBe(error);
  });

  it('answers a domain error through the table, keeping it as the cause (for the log)', () => {
    const error = new NotFoundError({ kind: 'filter' });
    const wire = toJsonRpcError(error);
    expect(wire).not.toBeInstanceOf(InternalJsonRpcError);
    expect({ code: wire.code, message: wire.message }).toEqual({ code: -32000, message: 'filter not found' });
    expect(wire.cause).toBe(error);
  });

  it.each([
    ['an Error', new TypeError('Cannot read properties of undefined (reading "x") at /home/node/src/x.ts:1')],
    ['a string', 'secret'],
    ['undefined', undefined],
  ])('answers %s as -32603 "internal error", the details left to the log', (_name, thrown) => {
    const wire = toJsonRpcError(thrown);
    expect(wire).toBeInstanceOf(InternalJsonRpcError);
    expect({ code: wire.code, message: wire.message, data: wire.data }).toEqual({ code: -32603, message: 'internal error', data: undefined });
    expect(wire.cause).toBe(thrown);
  });
});
