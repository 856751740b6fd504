import { anvilNumber } from '../../schemas/anvilParams.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_increaseTime: moves the chain's clock `seconds` forward (the open
 * block too, if it holds no sub-block yet); answers the total offset in seconds as a JSON number,
 * as Anvil.
 */
export const anvilIncreaseTime = defineMethod({
  name: 'anvil_increaseTime',
  aliases: ['evm_increaseTime'],
  summary: "Moves the chain's clock forward; returns the total offset in seconds.",
  tier: 'dedicated',
  params: [{ name: 'seconds', decode: anvilNumber }],
  result: { name: 'offset', schema: { type: 'number' } },
  handler: async (backend, [seconds]) => Number(await backend.time.increaseTime(seconds)),
});
