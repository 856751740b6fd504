import { toQuantity } from '../../../primitives/hex.js';
import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getBlockTransactionCountByHash: a sealed block's tx count, or null for an unknown hash. */
export const getBlockTransactionCountByHash = defineMethod({
  name: 'eth_getBlockTransactionCountByHash',
  summary: 'Returns the number of transactions in a block given by hash, or null.',
  tier: 'public',
  params: [{ name: 'blockHash', decode: hash }],
  result: { name: 'count', schema: Schema.nullable(Schema.quantity) },
  handler: (backend, [blockHash]) => {
    const count = backend.blocks.getBlockTransactionCount({ kind: 'hash', hash: blockHash });
    return count === null ? null : toQuantity(count);
  },
});
