import { bytesToHex } from '../../../primitives/hex.js';
import { hash } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** debug_getRawTransaction: a transaction's signed EIP-2718 bytes (sealed, pre-confirmed or pooled); null when unknown. */
export const getRawTransaction = defineMethod({
  name: 'debug_getRawTransaction',
  summary: "Returns a transaction's signed bytes (EIP-2718), or null for an unknown hash.",
  tier: 'public',
  params: [{ name: 'hash', decode: hash }],
  result: { name: 'raw', schema: Schema.nullable(Schema.data) },
  handler: (backend, [transactionHash]) => {
    const raw = backend.raw.rawTransaction(transactionHash);
    return raw === null ? null : bytesToHex(raw);
  },
});
