import { bytesToHex } from '../../../primitives/hex.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { callBlockOverrides, overridesOf, stateOverride } from '../../schemas/overrideDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_call: executes a call without a transaction; reverts are code 3 "execution reverted[: reason]"
 * (geth). Optional third and fourth parameters: geth's state overrides and block overrides.
 */
export const call = defineMethod({
  name: 'eth_call',
  summary: 'Executes a message call on a block state and returns its output.',
  tier: 'public',
  params: [
    { name: 'transaction', decode: callRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
    { name: 'stateOverrides', decode: stateOverride, optional: true },
    { name: 'blockOverrides', decode: callBlockOverrides, optional: true },
  ],
  result: { name: 'output', schema: Schema.data },
  errors: [
    { code: ErrorCodes.executionReverted, when: 'the call reverts: "execution reverted[: reason]", data the revert bytes' },
    MethodErrors.headerNotFound,
    MethodErrors.callFailure,
    MethodErrors.executionTimeout,
  ],
  handler: async (backend, [request, block, state, blockOverrides], context) =>
    bytesToHex(await backend.calls.call(request, block, overridesOf(state, blockOverrides), jobOwnerOf(context))),
});
