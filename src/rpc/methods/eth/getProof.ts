import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalBlockSelector } from '../../schemas/blockDecoders.js';
import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { storageKeys } from '../../schemas/storageKeys.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_getProof (EIP-1186): the account's Merkle proof in the block's state trie and a proof for
 * each storage key. "pending" proves against the pre-confirmed state's trie, computed on request.
 */
export const getProof = defineMethod({
  name: 'eth_getProof',
  summary: 'Returns the Merkle proof of an account and some of its storage slots.',
  tier: 'public',
  params: [
    { name: 'address', decode: address },
    { name: 'storageKeys', decode: storageKeys },
    { name: 'block', decode: optionalBlockSelector, optional: true },
  ],
  result: { name: 'proof', schema: Schema.accountProof },
  errors: [
    MethodErrors.headerNotFound,
    { code: ErrorCodes.server, when: 'in fork mode, a proof above the fork block of a value read from the remote: "cannot prove … above the fork block …"' },
  ],
  handler: (backend, [account, keys, block]) => backend.state.getProof(account, keys, block),
});
