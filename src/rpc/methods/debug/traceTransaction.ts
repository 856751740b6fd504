import { ErrorCodes } from '../../errors/errorCodes.js';
import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { traceConfig } from '../../schemas/traceDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * debug_traceTransaction (geth's debug namespace): replays a sealed or pre-confirmed transaction
 * on the state before it and returns the configured tracer's result (struct logs by default,
 * `callTracer`, `prestateTracer`).
 */
export const traceTransaction = defineMethod({
  name: 'debug_traceTransaction',
  summary: 'Replays a transaction and returns its execution trace.',
  tier: 'dedicated',
  params: [
    { name: 'transactionHash', decode: hash },
    { name: 'config', decode: traceConfig, optional: true },
  ],
  result: { name: 'trace', schema: Schema.trace },
  errors: [{ code: ErrorCodes.server, when: 'the transaction is unknown: "transaction not found"' }, MethodErrors.tracing, MethodErrors.executionTimeout],
  handler: (backend, [transactionHash, config], context) => backend.traces.traceTransaction(transactionHash, config, jobOwnerOf(context)),
});
