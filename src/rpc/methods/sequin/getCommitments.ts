import { quantity } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { signedCommitmentSchema } from './preconfirmationSchemas.js';

/**
 * sequin_getCommitments (issue 26): every signed sub-block commitment of a block, in index order:
 * `[{ commitment, signature, hash }]` (the open block's so far; empty for a block without sub-blocks
 * or above the open block). What a client compares the commitments it was given with, and builds
 * equivocation proofs from (`sequin/verify`).
 */
export const getCommitments = defineMethod({
  name: 'sequin_getCommitments',
  summary: "Returns a block's signed sub-block commitments, in index order.",
  tier: 'public',
  params: [{ name: 'blockNumber', decode: quantity }],
  result: { name: 'commitments', schema: Schema.arrayOf(signedCommitmentSchema) },
  handler: (backend, [blockNumber]) => backend.preconfirmations.getCommitments(blockNumber),
});
