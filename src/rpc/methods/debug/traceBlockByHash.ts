import { ErrorCodes } from '../../errors/errorCodes.js';
import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { traceConfig } from '../../schemas/traceDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** debug_traceBlockByHash (geth): `[{ txHash, result }]` for every transaction of the sealed block. */
export const traceBlockByHash = defineMethod({
  name: 'debug_traceBlockByHash',
  summary: "Replays a block's transactions and returns their execution traces.",
  tier: 'dedicated',
  params: [
    { name: 'blockHash', decode: hash },
    { name: 'config', decode: traceConfig, optional: true },
  ],
  result: { name: 'traces', schema: Schema.arrayOf(Schema.transactionTrace) },
  errors: [
    { code: ErrorCodes.server, when: 'the block does not exist ("block 0x… not found"), or is the genesis ("genesis is not traceable")' },
    MethodErrors.tracing,
    MethodErrors.executionTimeout,
  ],
  handler: (backend, [blockHash, config], context) => backend.traces.traceBlock({ kind: 'hash', hash: blockHash }, config, jobOwnerOf(context)),
});
