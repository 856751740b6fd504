import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** miner_stop: pauses automatic mining (manual mining until miner_start; evm_mine still works), as Ganache; answers true. */
export const minerStop = defineMethod({
  name: 'miner_stop',
  summary: 'Pauses automatic mining until miner_start (evm_mine still mines); returns true.',
  tier: 'dedicated',
  params: [],
  result: { name: 'stopped', schema: Schema.boolean },
  handler: async (backend) => {
    await backend.mining.stopMining();
    return true;
  },
});
