import { bytesToHex } from '../../../primitives/hex.js';
import { keccak256 } from '../../../primitives/keccak.js';
import { data } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** web3_sha3: Keccak-256 (not SHA3-256) of the given 0x-hex bytes. */
export const sha3 = defineMethod({
  name: 'web3_sha3',
  summary: 'Returns the Keccak-256 hash of the given data.',
  tier: 'public',
  params: [{ name: 'data', decode: data }],
  result: { name: 'hash', schema: Schema.hash },
  handler: (_backend, [input]) => bytesToHex(keccak256(input)),
});
