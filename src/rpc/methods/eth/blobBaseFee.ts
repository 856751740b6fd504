import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** eth_blobBaseFee: the blob base fee at the head. The chain accepts no blob txs, so it stays at the minimum, "0x1". */
export const blobBaseFee = defineMethod({
  name: 'eth_blobBaseFee',
  summary: 'Returns the blob base fee of the latest block, in wei.',
  tier: 'public',
  params: [],
  result: { name: 'blobBaseFee', schema: Schema.quantity },
  handler: (backend) => toQuantity(backend.fees.blobBaseFee()),
});
