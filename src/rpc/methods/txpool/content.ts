import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** Shape of txpool_content and txpool_inspect: { pending, queued } of sender → nonce → entry. */
export const poolGroupsSchema = (entry: object) => {
  const bySender = { type: 'object', additionalProperties: { type: 'object', additionalProperties: entry } };
  return { type: 'object', properties: { pending: bySender, queued: bySender }, required: ['pending', 'queued'] };
};

/** txpool_content (geth): every pooled tx, as { pending, queued } of checksummed sender → decimal nonce → transaction. */
export const content = defineMethod({
  name: 'txpool_content',
  summary: 'Returns every pooled transaction, grouped by pending/queued, sender and nonce.',
  tier: 'dedicated',
  params: [],
  result: { name: 'content', schema: poolGroupsSchema(Schema.transaction) },
  handler: (backend) => backend.txpool.content(),
});
