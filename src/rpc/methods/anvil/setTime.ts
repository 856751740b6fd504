import { anvilNumber } from '../../schemas/anvilParams.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setTime: sets the chain's clock to a timestamp (seconds, or
 * milliseconds when ≥ 1e12); answers how many seconds ahead of the previous clock that is (0 when
 * behind), as a JSON number, as Anvil.
 */
export const anvilSetTime = defineMethod({
  name: 'anvil_setTime',
  aliases: ['evm_setTime'],
  summary: "Sets the chain's clock; returns the seconds it moved forward.",
  tier: 'dedicated',
  params: [{ name: 'timestamp', decode: anvilNumber }],
  result: { name: 'seconds', schema: { type: 'number' } },
  handler: async (backend, [timestamp]) => Number(await backend.time.setTime(timestamp)),
});
