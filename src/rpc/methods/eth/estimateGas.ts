import { toQuantity } from '../../../primitives/hex.js';
import { callRequest, optionalBlockSelector } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { callBlockOverrides, overridesOf, stateOverride } from '../../schemas/overrideDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_estimateGas (spec: docs/spec/chain-rpc-service.md): geth's estimator; "pending" estimates on the
 * pre-confirmed state. A revert is -32000 "execution reverted[: reason]" with the revert data.
 * Optional third and fourth parameters: geth's state overrides and block overrides.
 */
export const estimateGas = defineMethod({
  name: 'eth_estimateGas',
  summary: 'Estimates the gas a transaction needs.',
  tier: 'public',
  params: [
    { name: 'transaction', decode: callRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
    { name: 'stateOverrides', decode: stateOverride, optional: true },
    { name: 'blockOverrides', decode: callBlockOverrides, optional: true },
  ],
  result: { name: 'gas', schema: Schema.quantity },
  handler: async (backend, [request, block, state, blockOverrides], context) =>
    toQuantity(await backend.calls.estimateGas(request, block, overridesOf(state, blockOverrides), jobOwnerOf(context))),
});
