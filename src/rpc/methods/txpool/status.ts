import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** txpool_status (geth): how many pooled txs are executable (pending) and waiting on a nonce gap (queued), as hex. */
export const status = defineMethod({
  name: 'txpool_status',
  summary: 'Returns the number of pending and queued transactions in the pool.',
  tier: 'dedicated',
  params: [],
  result: { name: 'status', schema: { type: 'object', properties: { pending: Schema.quantity, queued: Schema.quantity }, required: ['pending', 'queued'] } },
  handler: (backend) => backend.txpool.status(),
});
