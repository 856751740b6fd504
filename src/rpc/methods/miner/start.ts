import { ignored } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** miner_start: resumes the mining mode miner_stop paused (Ganache's method); answers true. */
export const minerStart = defineMethod({
  name: 'miner_start',
  summary: 'Resumes the mining mode miner_stop paused; returns true.',
  tier: 'dedicated',
  // Ganache and geth take a thread count; it means nothing here and is ignored.
  params: [{ name: 'threads', decode: ignored, optional: true }],
  result: { name: 'started', schema: Schema.boolean },
  handler: async (backend) => {
    await backend.mining.startMining();
    return true;
  },
});
