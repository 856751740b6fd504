import { describe, expect, it } from 'vitest';
import { NotFoundError } from './NotFoundError.js';
import { TracingFailedError } from './TracingFailedError.js';

describe('SequinError, the base of domain errors', () => {
  it('has a one-line message (the short message), its class name, and no cause unless given', () => {
    const error = new NotFoundError({ kind: 'filter' });
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, message: error.message, shortMessage: error.shortMessage, details: error.details, cause: error.cause }).toEqual({
      name: 'NotFoundError',
      message: 'filter not found',
      shortMessage: 'filter not found',
      details: undefined,
      cause: undefined,
    });
  });

  it('keeps the details and the cause beside the short message', () => {
    const cause = new Error('invalid nonce (tx type=2 hash=0x… )');
    const error = new TracingFailedError(cause);
    expect({ message: error.message, details: error.details, cause: error.cause }).toEqual({ message: 'tracing failed', details: cause.message, cause });
  });
});
