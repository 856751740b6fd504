import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_snapshot: snapshots the chain as it stands (latest block and
 * pre-confirmed sub-blocks); answers its id as a hex quantity, from "0x0" up, as Anvil.
 */
export const anvilSnapshot = defineMethod({
  name: 'anvil_snapshot',
  aliases: ['evm_snapshot'],
  summary: 'Snapshots the chain; returns the snapshot id.',
  tier: 'dedicated',
  params: [],
  result: { name: 'id', schema: Schema.quantity },
  handler: async (backend) => toQuantity(await backend.snapshots.snapshot()),
});
