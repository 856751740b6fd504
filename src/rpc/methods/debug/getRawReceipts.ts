import { bytesToHex } from '../../../primitives/hex.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { blockSelector } from '../../schemas/blockDecoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** debug_getRawReceipts: a sealed block's receipts in their consensus encoding (EIP-2718 typed ones prefixed), in block order. */
export const getRawReceipts = defineMethod({
  name: 'debug_getRawReceipts',
  summary: "Returns a block's receipts in their consensus encoding.",
  tier: 'public',
  params: [{ name: 'block', decode: blockSelector }],
  result: { name: 'receipts', schema: Schema.arrayOf(Schema.data) },
  errors: [{ code: ErrorCodes.server, when: 'the block is not sealed or does not exist: "block #N not found"' }],
  handler: (backend, [block]) => backend.raw.rawReceipts(block).map((receipt) => bytesToHex(receipt)),
});
