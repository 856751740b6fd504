import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { poolGroupsSchema } from './content.js';

/** txpool_inspect (geth): txpool_content's shape with one-line summaries: "0xTo: V wei + G gas × P wei". */
export const inspect = defineMethod({
  name: 'txpool_inspect',
  summary: 'Returns a one-line summary of every pooled transaction, grouped like txpool_content.',
  tier: 'dedicated',
  params: [],
  result: { name: 'inspect', schema: poolGroupsSchema(Schema.string) },
  handler: (backend) => backend.txpool.inspect(),
});
