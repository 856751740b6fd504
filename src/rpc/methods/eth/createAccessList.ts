import { toQuantity } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { stateOverride } from '../../schemas/overrideDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_createAccessList (EIP-2930, geth's algorithm): the accounts and slots the call touches,
 * found by re-running it until the list is stable, with the gas used when the list is included
 * and the call's error, if it failed. Optional third parameter: geth's state overrides (geth takes
 * no block overrides here).
 */
export const createAccessList = defineMethod({
  name: 'eth_createAccessList',
  summary: 'Returns the access list a call needs and the gas it uses with it.',
  tier: 'public',
  params: [
    { name: 'transaction', decode: callRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
    { name: 'stateOverrides', decode: stateOverride, optional: true },
  ],
  result: { name: 'accessList', schema: Schema.accessListResult },
  errors: [MethodErrors.headerNotFound, MethodErrors.callFailure, MethodErrors.executionTimeout],
  handler: async (backend, [request, block, state], context) => {
    const { accessList, gasUsed, error } = await backend.calls.createAccessList(request, block, state, jobOwnerOf(context));
    return { accessList, ...(error === undefined ? {} : { error }), gasUsed: toQuantity(gasUsed) };
  },
});
