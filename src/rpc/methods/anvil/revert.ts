import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * anvil_revert: rewinds the chain to a snapshot, durably, consuming it and
 * every later snapshot; answers false for an unknown or consumed id, as Anvil.
 */
export const anvilRevert = defineMethod({
  name: 'anvil_revert',
  aliases: ['evm_revert'],
  summary: 'Rewinds the chain to a snapshot; returns whether it existed.',
  tier: 'dedicated',
  params: [{ name: 'id', decode: anvilNumber }],
  result: { name: 'reverted', schema: Schema.boolean },
  errors: [MethodErrors.fleetRewind],
  handler: (backend, [id]) => backend.snapshots.revert(id),
});
