import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_getBlobByHash: null. Blob transactions (type 3) are refused, so no blob is ever known.
 */
export const anvilGetBlobByHash = defineMethod({
  name: 'anvil_getBlobByHash',
  summary: 'Returns a blob by its versioned hash: always null, no blob transaction is accepted.',
  tier: 'dedicated',
  params: [{ name: 'versionedHash', decode: hash }],
  result: { name: 'null', schema: Schema.null },
  handler: () => null,
});
