import { toQuantity } from '../../../primitives/hex.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod, type MethodDefinition } from '../../server/MethodDefinition.js';

/**
 * anvil_snapshot (alias evm_snapshot): snapshots the chain as it stands (latest block and
 * pre-confirmed sub-blocks); answers its id as a hex quantity, from "0x0" up, as Anvil.
 */
export const anvilSnapshot = defineMethod({
  name: 'anvil_snapshot',
  summary: 'Snapshots the chain; returns the snapshot id.',
  tier: 'dedicated',
  params: [],
  result: { name: 'id', schema: Schema.quantity },
  handler: async (backend) => toQuantity(await backend.snapshots.snapshot()),
});

export const evmSnapshot: MethodDefinition = { ...anvilSnapshot, name: 'evm_snapshot' };
