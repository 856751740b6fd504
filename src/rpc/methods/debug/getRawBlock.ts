import { bytesToHex } from '../../../primitives/hex.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { blockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** debug_getRawBlock: a sealed block RLP-encoded, as it travels between clients (header, transactions, uncles, withdrawals). */
export const getRawBlock = defineMethod({
  name: 'debug_getRawBlock',
  summary: 'Returns a block in its RLP encoding.',
  tier: 'public',
  params: [{ name: 'block', decode: blockSelector }],
  result: { name: 'rlp', schema: Schema.data },
  errors: [{ code: ErrorCodes.server, when: 'the block is not sealed or does not exist: "block #N not found"' }],
  handler: (backend, [block]) => bytesToHex(backend.raw.rawBlock(block)),
});
