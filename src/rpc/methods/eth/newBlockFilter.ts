import { ErrorCodes } from '../../errors/errorCodes.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_newBlockFilter: installs a filter whose changes are the hashes of newly sealed blocks. */
export const newBlockFilter = defineMethod({
  name: 'eth_newBlockFilter',
  summary: 'Installs a filter reporting newly sealed block hashes; returns its id.',
  tier: 'public',
  params: [],
  result: { name: 'filterId', schema: Schema.quantity },
  errors: [{ code: ErrorCodes.limitExceeded, when: 'too many filters are installed, by the node or by this client' }],
  handler: (backend, _params, context) => backend.logs.newBlockFilter(context.clientId),
});
