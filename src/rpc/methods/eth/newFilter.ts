import { ErrorCodes } from '../../errors/errorCodes.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { logFilter } from '../../schemas/logFilter.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_newFilter: installs a log filter and returns its id. eth_getFilterChanges then reports
 * matching logs of blocks sealed since the last poll; with fromBlock or toBlock "pending", logs
 * are reported as soon as their tx is pre-confirmed instead.
 */
export const newFilter = defineMethod({
  name: 'eth_newFilter',
  summary: 'Installs a log filter; returns its id.',
  tier: 'public',
  params: [{ name: 'filter', decode: logFilter }],
  result: { name: 'filterId', schema: Schema.quantity },
  errors: [{ code: ErrorCodes.limitExceeded, when: 'too many filters are installed, by the node or by this client' }],
  handler: (backend, [filter], context) => backend.logs.newFilter(filter, context.clientId),
});
