import { ErrorCodes } from '../../errors/errorCodes.js';
import { optionalAnvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * anvil_rollback: removes the latest `depth` blocks (default 1, `[null]` as Anvil takes it) and
 * the open block's pre-confirmed sub-blocks, durably. Answers null, as Anvil.
 */
export const anvilRollback = defineMethod({
  name: 'anvil_rollback',
  summary: 'Removes the latest blocks (default 1).',
  tier: 'dedicated',
  params: [{ name: 'depth', decode: optionalAnvilNumber, optional: true }],
  result: { name: 'null', schema: Schema.null },
  errors: [
    { code: ErrorCodes.invalidParams, when: 'deeper than the chain: "Rollback depth must not exceed current chain height: …"' },
    MethodErrors.fleetRewind,
  ],
  handler: async (backend, [depth]) => {
    await backend.snapshots.rollback(depth);
    return null;
  },
});
