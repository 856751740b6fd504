import { ErrorCodes } from '../../errors/errorCodes.js';
import { filterId } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_getFilterLogs: every log matching a log filter's criteria, as eth_getLogs would answer them. */
export const getFilterLogs = defineMethod({
  name: 'eth_getFilterLogs',
  summary: "Returns all logs matching a log filter's criteria.",
  tier: 'public',
  params: [{ name: 'filterId', decode: filterId }],
  result: { name: 'logs', schema: Schema.arrayOf(Schema.log) },
  errors: [MethodErrors.filterNotFound, { code: ErrorCodes.limitExceeded, when: 'the logs exceed the range or result limits, as eth_getLogs' }],
  handler: (backend, [id]) => backend.logs.getFilterLogs(id),
});
