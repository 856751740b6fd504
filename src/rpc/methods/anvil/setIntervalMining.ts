import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setIntervalMining: interval mining with a block every
 * `seconds` (Anvil's unit; Hardhat's evm_setIntervalMining takes ms, viem converts), sub-blocks
 * pre-confirmed within it; 0 switches to manual mining. Answers null, as Anvil.
 */
export const anvilSetIntervalMining = defineMethod({
  name: 'anvil_setIntervalMining',
  aliases: ['evm_setIntervalMining'],
  summary: 'Mines a block every given number of seconds (sub-blocks within it); 0 stops (manual mining).',
  tier: 'dedicated',
  params: [{ name: 'seconds', decode: anvilNumber }],
  result: { name: 'null', schema: Schema.null },
  errors: [{ code: ErrorCodes.invalidParams, when: 'an interval longer than a day' }],
  handler: async (backend, [seconds]) => {
    await backend.mining.setIntervalMining(seconds);
    return null;
  },
});
