import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

const byNonce = { type: 'object', additionalProperties: Schema.transaction };

/** txpool_contentFrom (geth): one sender's pooled txs, as { pending, queued } of decimal nonce → transaction. */
export const contentFrom = defineMethod({
  name: 'txpool_contentFrom',
  summary: "Returns one sender's pooled transactions, grouped by pending/queued and nonce.",
  tier: 'dedicated',
  params: [{ name: 'address', decode: address }],
  result: { name: 'content', schema: { type: 'object', properties: { pending: byNonce, queued: byNonce }, required: ['pending', 'queued'] } },
  handler: (backend, [sender]) => backend.txpool.contentFrom(sender),
});
