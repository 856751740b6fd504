import { bytesToHex } from '../../../primitives/hex.js';
import { blockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/** debug_getRawHeader: a sealed block's header, RLP-encoded (its keccak256 is the block hash). */
export const getRawHeader = defineMethod({
  name: 'debug_getRawHeader',
  summary: "Returns a block's header in its RLP encoding.",
  tier: 'public',
  params: [{ name: 'block', decode: blockSelector }],
  result: { name: 'rlp', schema: Schema.data },
  errors: [MethodErrors.headerNotFound],
  handler: (backend, [block]) => bytesToHex(backend.raw.rawHeader(block)),
});
