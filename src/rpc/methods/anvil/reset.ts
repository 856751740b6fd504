import { ErrorCodes } from '../../errors/errorCodes.js';
import { resetOptions } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

const params = [{ name: 'options', decode: resetOptions, optional: true }] as const;

/**
 * anvil_reset: back to this chain's genesis (same configuration), the pool emptied, snapshots,
 * clock and block settings forgotten; durable. In fork mode `{ forking }` starts again on that fork
 * point (services/fork/ForkControl.ts); asked of a node without a fork it is -32602 "Forking not
 * enabled", as Anvil without a fork. Answers null, as Anvil.
 */
export const anvilReset = defineMethod({
  name: 'anvil_reset',
  summary: 'Resets the chain to its genesis, or, in fork mode, onto the fork point given in `forking`.',
  tier: 'dedicated',
  params,
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.invalidParams, when: '`forking` asked of a node without a fork: "Forking not enabled"' }, MethodErrors.fleetRewind],
  handler: async (backend, [forking]) => {
    await backend.snapshots.reset(forking);
    return null;
  },
});

/** hardhat_reset: the same, answering true as Hardhat 2 (Hardhat 3's node does not serve it). */
export const hardhatReset = defineMethod({
  name: 'hardhat_reset',
  summary: 'Resets the chain to its genesis (or, in fork mode, onto a fork point); returns true.',
  tier: 'dedicated',
  params,
  result: { name: 'reset', schema: Schema.boolean },
  errors: [{ code: ErrorCodes.invalidParams, when: '`forking` asked of a node without a fork: "Forking not enabled"' }, MethodErrors.fleetRewind],
  handler: async (backend, [forking]) => {
    await backend.snapshots.reset(forking);
    return true;
  },
});
