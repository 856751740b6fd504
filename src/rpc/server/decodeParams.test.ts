import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { quantity } from '../schemas/decoders.js';
import { percentiles } from '../schemas/feeHistoryDecoders.js';
import { Schema, withSchema } from '../schemas/jsonSchema.js';
import { decodeParams } from './decodeParams.js';
import { isJavaScriptError } from './isJavaScriptError.js';

/** The error decodeParams throws for `params`, as a client reads it. */
function refusal(params: unknown, specs: Parameters<typeof decodeParams>[1]): { code: number; message: string } {
  try {
    decodeParams(params, specs);
  } catch (error) {
    expect(error).toBeInstanceOf(JsonRpcError);
    return { code: (error as JsonRpcError).code, message: (error as JsonRpcError).message };
  }
  throw new Error('decodeParams accepted the params');
}

describe('decodeParams', () => {
  it("answers a decoder's own TypeError with its words, after the position", () => {
    expect(refusal(['0x01'], [{ name: 'value', decode: quantity }])).toEqual({
      code: -32602,
      message: 'invalid argument 0: hex number with leading zero digits',
    });
  });

  it('never repeats an error the JavaScript engine raised in a decoder: it names the parameter and the type it expects', () => {
    const careless = withSchema((value: unknown) => (value as { a: { b: string } }).a.b.startsWith('0x'), Schema.address);
    const stringifies = withSchema((value: unknown) => `${value}`, Schema.arrayOf({ type: 'number' }));
    expect(refusal([{}], [{ name: 'target', decode: careless }])).toEqual({ code: -32602, message: 'invalid argument 0: target: not a valid address' });
    expect(
      refusal(
        ['0x1', { toString: 1 }],
        [
          { name: 'first', decode: quantity },
          { name: 'list', decode: stringifies },
        ],
      ),
    ).toEqual({
      code: -32602,
      message: 'invalid argument 1: list: not a valid array of numbers',
    });
  });

  it('keeps the code and message of JSON-RPC and domain errors a decoder throws', () => {
    const domain = () => {
      throw new NotFoundError({ kind: 'header' });
    };
    expect(() => decodeParams(['x'], [{ name: 'block', decode: domain }])).toThrow(NotFoundError);
  });

  it("answers eth_feeHistory's percentiles of the wrong type in Go's words, never the value (issue 10: an object with a toString key)", () => {
    const specs = [{ name: 'rewardPercentiles', decode: percentiles }];
    expect(refusal([[10, { toString: 1 }]], specs).message).toBe('invalid argument 0: json: cannot unmarshal object into Go value of type float64');
    expect(refusal([['50']], specs).message).toBe('invalid argument 0: json: cannot unmarshal string into Go value of type float64');
    expect(refusal([{ valueOf: 2 }], specs).message).toBe('invalid argument 0: json: cannot unmarshal object into Go value of type []float64');
    expect(refusal([[101]], specs).message).toBe('invalid argument 0: invalid reward percentile: 101');
  });
});

describe('isJavaScriptError', () => {
  const thrown = (work: () => unknown): unknown => {
    try {
      work();
    } catch (error) {
      return error;
    }
    throw new Error('did not throw');
  };
  it.each([
    ['a property of undefined', () => (undefined as unknown as { a: string }).a.length],
    ['an object without a primitive value', () => String({ toString: 1 })],
    ['a BigInt of junk', () => BigInt('0xzz')],
    ['a BigInt of a fraction', () => BigInt(1.5)],
    ['mixing BigInt and number', () => (1n as unknown as number) + 1],
    ['a call of a non-function', () => (1 as unknown as () => void)()],
    ['iterating a number', () => [...(1 as unknown as number[])]],
    ['JSON of a BigInt', () => JSON.stringify({ a: 1n })],
    ['a Buffer of an object', () => Buffer.from({} as unknown as string)],
  ])('recognises the engine failing on %s', (_name, work) => {
    expect(isJavaScriptError(thrown(work))).toBe(true);
  });
  it('does not take errors written for clients for engine errors', () => {
    expect(isJavaScriptError(new TypeError('hex string without 0x prefix'))).toBe(false);
    expect(isJavaScriptError(new TypeError('cannot specify both BlockHash and BlockNumber, choose one or the other'))).toBe(false);
    expect(isJavaScriptError(new RangeError('block count must be a non-negative integer'))).toBe(false);
    expect(isJavaScriptError('a string')).toBe(false);
  });
});
