import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { preconfirmationSchema } from './preconfirmationSchemas.js';

/**
 * sequin_getPreconfirmation (issue 26): `{ transaction, receipt, commitment, signature, proof }` for a
 * pre-confirmed or sealed transaction — the transaction and receipt as eth_getTransactionByHash and
 * eth_getTransactionReceipt serve them, the sequencer's signed commitment of its sub-block (the block's
 * last once sealed) and the Merkle proofs of both in the commitment's roots; null for an unknown hash.
 * `sequin/verify`'s verifyPreconfirmation checks every value of it.
 */
export const getPreconfirmation = defineMethod({
  name: 'sequin_getPreconfirmation',
  summary: 'Returns a transaction, its receipt, the signed sub-block commitment and the Merkle proofs that bind them, or null.',
  tier: 'public',
  params: [{ name: 'transactionHash', decode: hash }],
  result: { name: 'preconfirmation', schema: Schema.nullable(preconfirmationSchema) },
  handler: (backend, [transactionHash]) => backend.preconfirmations.getPreconfirmation(transactionHash),
});
