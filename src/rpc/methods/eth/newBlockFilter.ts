import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_newBlockFilter: installs a filter whose changes are the hashes of newly sealed blocks. */
export const newBlockFilter = defineMethod({
  name: 'eth_newBlockFilter',
  summary: 'Installs a filter reporting newly sealed block hashes; returns its id.',
  tier: 'public',
  params: [],
  result: { name: 'filterId', schema: Schema.quantity },
  handler: (backend, _params, context) => backend.logs.newBlockFilter(context.clientId),
});
