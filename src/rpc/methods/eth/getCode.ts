import { bytesToHex } from '../../../primitives/hex.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** eth_getCode: the contract code at an address. */
export const getCode = defineMethod({
  name: 'eth_getCode',
  summary: 'Returns the code stored at an address.',
  tier: 'public',
  params: [
    { name: 'address', decode: address },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'code', schema: Schema.data },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [account, block]) => bytesToHex(backend.state.getCode(account, block)),
});
