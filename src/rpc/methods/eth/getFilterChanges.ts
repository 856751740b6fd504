import { filterId } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_getFilterChanges: what a filter saw since its last poll (block hashes, tx hashes or logs),
 * at most --rpc-logs-max-results per poll; polling keeps the filter alive (--rpc-filter-timeout).
 * Unknown or expired id → -32000 "filter not found".
 */
export const getFilterChanges = defineMethod({
  name: 'eth_getFilterChanges',
  summary: "Returns a filter's changes since its last poll.",
  tier: 'public',
  params: [{ name: 'filterId', decode: filterId }],
  result: { name: 'changes', schema: Schema.arrayOf({ oneOf: [Schema.hash, Schema.log, Schema.transaction] }) },
  errors: [MethodErrors.filterNotFound],
  handler: (backend, [id]) => backend.logs.getFilterChanges(id),
});
