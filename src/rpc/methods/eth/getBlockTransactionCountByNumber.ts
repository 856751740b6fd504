import { toQuantity } from '../../../primitives/hex.js';
import { blockNumberOrTag } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_getBlockTransactionCountByNumber: a block's tx count ("pending" = txs pre-confirmed so far), or null for an unknown block. */
export const getBlockTransactionCountByNumber = defineMethod({
  name: 'eth_getBlockTransactionCountByNumber',
  summary: 'Returns the number of transactions in a block given by number or tag, or null.',
  tier: 'public',
  params: [{ name: 'block', decode: blockNumberOrTag }],
  result: { name: 'count', schema: Schema.nullable(Schema.quantity) },
  handler: (backend, [block]) => {
    const count = backend.blocks.getBlockTransactionCount(block);
    return count === null ? null : toQuantity(count);
  },
});
