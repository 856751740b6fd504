import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonWithBigInts, parseJsonWithBigInts } from './parseJsonWithBigInts.js';

/** The value JSON.parse would give: bigints back to doubles. */
function asDoubles(value: JsonWithBigInts): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(asDoubles);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, asDoubles(child)]));
  return value;
}

describe('parseJsonWithBigInts', () => {
  it('keeps integers past 2^53 exact', () => {
    expect(parseJsonWithBigInts('{"chainId": 3503995874084926, "ttd": 58750000000000000000000, "neg": -1}')).toEqual({
      chainId: 3503995874084926n,
      ttd: 58750000000000000000000n,
      neg: -1n,
    });
  });

  it('leaves numbers with a fraction or an exponent as doubles', () => {
    expect(parseJsonWithBigInts('[1.5, 1e3, -0.25E-1]')).toEqual([1.5, 1000, -0.025]);
  });

  it('reads strings, escapes, nesting and literals as JSON.parse does', () => {
    const text = ' {"a": ["x\\u00e9\\n", true, false, null, {}], "__proto__": {"b": []}} ';
    const parsed = parseJsonWithBigInts(text);
    expect(parsed).toEqual(JSON.parse(text));
    expect(Object.keys(parsed as object)).toEqual(['a', '__proto__']);
  });

  it('agrees with JSON.parse on any JSON document', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(asDoubles(parseJsonWithBigInts(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('rejects what JSON.parse rejects', () => {
    for (const text of ['', '{', '[1,]', '{"a":1,}', '01', '1.', '.5', '+1', '"\t"', "'a'", 'nul', '{"a" 1}', '1 2', '0x10', '[1] x']) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(() => parseJsonWithBigInts(text), text).toThrow(SyntaxError);
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        if (valid) expect(() => parseJsonWithBigInts(text)).not.toThrow();
        else expect(() => parseJsonWithBigInts(text)).toThrow(SyntaxError);
      }),
      { numRuns: 2000 },
    );
  });
});
