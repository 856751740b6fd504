import { bytesToHex, type Hex, padBytes } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { storageRequests } from '../../schemas/storageRequests.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_getStorageValues (execution-apis): many storage slots of many accounts at one block, each
 * value as 32 bytes, keyed by the address in lower case as geth answers.
 */
export const getStorageValues = defineMethod({
  name: 'eth_getStorageValues',
  summary: 'Returns the values of storage slots of several accounts at one block, as 32 bytes each.',
  tier: 'public',
  params: [
    { name: 'requests', decode: storageRequests },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'values', schema: { type: 'object', additionalProperties: Schema.arrayOf(Schema.bytes32) } },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [requests, block]) => {
    const values = backend.state.getStorageValues(
      requests.map(({ address, slots }) => ({ address, slots })),
      block,
    );
    const answer: Record<string, Hex[]> = {};
    requests.forEach((request, index) => {
      answer[request.key] = values[index]!.map((value) => bytesToHex(padBytes(value, 32)));
    });
    return answer;
  },
});
