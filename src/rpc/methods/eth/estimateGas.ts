import { toQuantity } from '../../../primitives/hex.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { callBlockOverrides, overridesOf, stateOverride } from '../../schemas/overrideDecoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

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
  errors: [
    { code: ErrorCodes.server, when: 'the call reverts at every gas: "execution reverted[: reason]", data the revert bytes' },
    { code: ErrorCodes.server, when: 'it needs more gas than the cap: "gas required exceeds allowance (…)"' },
    MethodErrors.headerNotFound,
    MethodErrors.callFailure,
    MethodErrors.executionTimeout,
  ],
  handler: async (backend, [request, block, state, blockOverrides], context) =>
    toQuantity(await backend.calls.estimateGas(request, block, overridesOf(state, blockOverrides), jobOwnerOf(context))),
});
