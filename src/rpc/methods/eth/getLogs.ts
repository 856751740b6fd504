import { Schema } from '../../schemas/jsonSchema.js';
import { logFilter } from '../../schemas/logFilter.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_getLogs (geth's FilterAPI.GetLogs): the logs matching a filter object, in (block, log index)
 * order. A range reaching "pending" also returns logs of pre-confirmed txs (block hash zero).
 * Capped by --rpc-logs-block-range and --rpc-logs-max-results (-32005 beyond).
 */
export const getLogs = defineMethod({
  name: 'eth_getLogs',
  summary: 'Returns the logs matching a filter object.',
  tier: 'public',
  params: [{ name: 'filter', decode: logFilter }],
  result: { name: 'logs', schema: Schema.arrayOf(Schema.log) },
  handler: (backend, [filter]) => backend.logs.getLogs(filter),
});
