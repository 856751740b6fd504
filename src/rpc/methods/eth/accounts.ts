import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_accounts: the dev accounts the node can sign for. */
export const accounts = defineMethod({
  name: 'eth_accounts',
  summary: 'Returns the addresses of the dev accounts the node signs for.',
  tier: 'public',
  params: [],
  result: { name: 'addresses', schema: Schema.arrayOf(Schema.address) },
  handler: (backend) => backend.transactions.accounts(),
});
