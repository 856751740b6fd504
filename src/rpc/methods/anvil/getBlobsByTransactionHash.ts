import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_getBlobsByTransactionHash: null. Blob transactions (type 3) are refused, so no transaction has blobs.
 */
export const anvilGetBlobsByTransactionHash = defineMethod({
  name: 'anvil_getBlobsByTransactionHash',
  summary: 'Returns the blobs of a transaction: always null, no blob transaction is accepted.',
  tier: 'dedicated',
  params: [{ name: 'transactionHash', decode: hash }],
  result: { name: 'null', schema: Schema.null },
  handler: () => null,
});
