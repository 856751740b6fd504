import { ErrorCodes } from '../../errors/errorCodes.js';
import { blockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { traceConfig } from '../../schemas/traceDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** debug_traceBlockByNumber (geth): `[{ txHash, result }]` for every transaction of the block ("pending" = the pre-confirmed block). */
export const traceBlockByNumber = defineMethod({
  name: 'debug_traceBlockByNumber',
  summary: "Replays a block's transactions and returns their execution traces.",
  tier: 'dedicated',
  params: [
    { name: 'block', decode: blockSelector },
    { name: 'config', decode: traceConfig, optional: true },
  ],
  result: { name: 'traces', schema: Schema.arrayOf(Schema.transactionTrace) },
  errors: [
    { code: ErrorCodes.server, when: 'the block does not exist ("block #N not found"), or is the genesis ("genesis is not traceable")' },
    MethodErrors.tracing,
    MethodErrors.executionTimeout,
  ],
  handler: (backend, [block, config], context) => backend.traces.traceBlock(block, config, jobOwnerOf(context)),
});
