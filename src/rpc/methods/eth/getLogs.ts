import { ErrorCodes } from '../../errors/errorCodes.js';
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
  errors: [
    {
      code: ErrorCodes.limitExceeded,
      when: 'the range spans more blocks than `--rpc-logs-block-range` ("exceed maximum block range: N"), or matches more logs than `--rpc-logs-max-results` ("query returned more than N results")',
    },
    { code: ErrorCodes.server, when: '`blockHash` names no block: "unknown block"' },
    { code: ErrorCodes.invalidParams, when: '`fromBlock` is after `toBlock` ("invalid block range params"), or `toBlock` is past the head' },
  ],
  handler: (backend, [filter]) => backend.logs.getLogs(filter),
});
