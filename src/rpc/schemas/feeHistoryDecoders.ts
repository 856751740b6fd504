import { parseQuantity } from '../../primitives/hex.js';
import { goJsonKind } from './goJsonKind.js';
import { Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/** eth_feeHistory's block count: a quantity or a plain number (geth accepts both). */
export const blockCount: ParamDecoder<number> = withSchema(
  (value) => {
    const count = typeof value === 'number' ? value : Number(parseQuantity(value));
    if (!Number.isInteger(count) || count < 0) throw new TypeError('block count must be a non-negative integer');
    return count;
  },
  { title: 'block count', oneOf: [Schema.quantity, { type: 'integer', minimum: 0 }] },
);

/** eth_feeHistory's reward percentiles: increasing numbers in [0, 100]. */
export const percentiles: ParamDecoder<number[] | undefined> = withSchema(
  (value) => {
    if (value === undefined || value === null) return undefined;
    // Go's JSON words for a value of the wrong type (never the value itself: String() of a client's
    // object can throw, or print "[object Object]").
    if (!Array.isArray(value)) throw new TypeError(`json: cannot unmarshal ${goJsonKind(value)} into Go value of type []float64`);
    let previous = -1;
    for (const item of value) {
      if (typeof item !== 'number') throw new TypeError(`json: cannot unmarshal ${goJsonKind(item)} into Go value of type float64`);
      if (item < 0 || item > 100) throw new TypeError(`invalid reward percentile: ${item}`);
      if (item < previous) throw new TypeError(`invalid reward percentile: #${previous} > #${item}`);
      previous = item;
    }
    return value as number[];
  },
  Schema.arrayOf({ type: 'number', minimum: 0, maximum: 100 }),
);
