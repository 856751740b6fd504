import { bytesToHex } from '../../../primitives/hex.js';
import { callRequest, optionalBlockSelector } from '../../schemas/decoders.js';
import { jobOwnerOf } from '../../server/jobOwnerOf.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_call: executes a call without a transaction; reverts are code 3 "execution reverted[: reason]" (geth). */
export const call = defineMethod({
  name: 'eth_call',
  summary: 'Executes a message call on a block state and returns its output.',
  tier: 'public',
  params: [
    { name: 'transaction', decode: callRequest },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  handler: async (backend, [request, block], context) => bytesToHex(await backend.calls.call(request, block, jobOwnerOf(context))),
});
