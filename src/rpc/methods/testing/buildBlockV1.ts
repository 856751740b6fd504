import { ErrorCodes } from '../../errors/errorCodes.js';
import { extraData, payloadAttributes, rawTransactionList } from '../../schemas/buildBlockDecoders.js';
import { hash } from '../../schemas/decoders.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * testing_buildBlockV1 (execution-apis, src/testing/testing_buildBlockV1.md): builds the block
 * after the head from the given transactions (each must apply) or, with `null`, from the pool, with
 * the given payload attributes and extra data, and answers the engine API's `engine_getPayloadV4`
 * envelope. Nothing is kept: not the block, not its state; the pool is untouched. Dedicated tier:
 * the spec says a public endpoint must not serve it.
 */
export const buildBlockV1 = defineMethod({
  name: 'testing_buildBlockV1',
  summary: 'Builds (without importing) the block after the head from given or pooled transactions; returns an engine API payload envelope.',
  tier: 'dedicated',
  params: [
    { name: 'parentBlockHash', decode: hash },
    { name: 'payloadAttributes', decode: payloadAttributes },
    { name: 'transactions', decode: rawTransactionList },
    { name: 'extraData', decode: extraData, optional: true },
  ],
  result: { name: 'payload', schema: { title: 'execution payload envelope', type: 'object', required: ['executionPayload', 'blockValue'] } },
  errors: [{ code: ErrorCodes.server, when: 'the parent is not the head, the timestamp is not after it, or a transaction is not valid on it' }],
  handler: (backend, [parentHash, attributes, transactions, extra]) =>
    backend.testBlocks.buildBlock({ parentHash, attributes, transactions, extraData: extra }),
});
