import { type BlockNumberOrTag, type BlockSelector, isBlockTagName } from '../../primitives/blockTag.js';
import { parseQuantity } from '../../primitives/hex.js';
import { hash, quantityOrNumber } from './decoders.js';
import { Schema, schemaOf, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

// Block parameters, as geth accepts each: a number, tag, hash or EIP-1898 object, or only a number or tag.
/**
 * A block number, tag, or EIP-1898 object ({ blockNumber } / { blockHash, requireCanonical }). The
 * number may also be a whole JSON number, as Hardhat and Anvil accept for block numbers.
 */
export const blockSelector: ParamDecoder<BlockSelector> = withSchema(
  (value) => {
    if (isBlockTagName(value)) return { kind: 'tag', tag: value };
    if (typeof value === 'number') return { kind: 'number', number: quantityOrNumber(value) };
    if (typeof value === 'string') {
      if (value.length === 66) return { kind: 'hash', hash: hash(value) };
      return { kind: 'number', number: parseQuantity(value) };
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const object = value as Record<string, unknown>;
      if ('blockHash' in object && 'blockNumber' in object) throw new TypeError('cannot specify both BlockHash and BlockNumber, choose one or the other');
      if ('blockHash' in object) return { kind: 'hash', hash: hash(object.blockHash), requireCanonical: object.requireCanonical === true };
      if ('blockNumber' in object) return blockSelector(object.blockNumber);
    }
    throw new TypeError('hex string without 0x prefix or block tag expected ("latest", "pending", "safe", "finalized", "earliest")');
  },
  {
    title: 'block number, tag or hash',
    oneOf: [
      Schema.quantity,
      Schema.blockTag,
      Schema.hash,
      { type: 'object', properties: { blockNumber: Schema.quantity }, required: ['blockNumber'] },
      { type: 'object', properties: { blockHash: Schema.hash, requireCanonical: Schema.boolean }, required: ['blockHash'] },
    ],
  },
);

/** An optional block selector defaulting to "latest". */
export const optionalBlockSelector: ParamDecoder<BlockSelector> = withSchema(
  (value) => (value === undefined || value === null ? { kind: 'tag', tag: 'latest' } : blockSelector(value)),
  schemaOf(blockSelector)!,
);

/**
 * A block number or tag, without hashes or EIP-1898 objects: what geth's rpc.BlockNumber accepts
 * (eth_getBlockByNumber, eth_getBlockTransactionCountByNumber, ...), plus a whole JSON number, as
 * Hardhat and Anvil accept (`eth_getBlockByNumber` with `[0, false]`).
 */
export const blockNumberOrTag: ParamDecoder<BlockNumberOrTag> = withSchema(
  (value) => {
    if (isBlockTagName(value)) return { kind: 'tag', tag: value };
    const number = quantityOrNumber(value);
    if (number >= 2n ** 64n) throw new TypeError('hex number > 64 bits');
    if (number > 2n ** 63n - 1n) throw new TypeError('block number larger than int64');
    return { kind: 'number', number };
  },
  { title: 'block number or tag', oneOf: [Schema.quantity, Schema.blockTag] },
);
