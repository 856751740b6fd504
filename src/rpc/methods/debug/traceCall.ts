import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { traceCallConfig } from '../../schemas/traceDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * debug_traceCall (geth): executes a call like eth_call on the block's state (or, with
 * `txIndex`, before that transaction of the block) and returns the tracer's result. Unlike
 * geth, "pending" is accepted: it is the pre-confirmed state.
 */
export const traceCall = defineMethod({
  name: 'debug_traceCall',
  summary: 'Executes a call on a block state and returns its execution trace.',
  tier: 'dedicated',
  params: [
    { name: 'transaction', decode: callRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
    { name: 'config', decode: traceCallConfig, optional: true },
  ],
  result: { name: 'trace', schema: Schema.trace },
  errors: [MethodErrors.headerNotFound, MethodErrors.callFailure, MethodErrors.tracing, MethodErrors.executionTimeout],
  handler: (backend, [request, block, config], context) => backend.traces.traceCall(request, block, config, jobOwnerOf(context)),
});
