import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * anvil_setBlockGasLimit: the gas limit of the next blocks (the open
 * block too, if it holds no sub-block yet); the pool then refuses transactions above it
 * ("exceeds block gas limit"). Answers true, as Anvil.
 */
export const anvilSetBlockGasLimit = defineMethod({
  name: 'anvil_setBlockGasLimit',
  aliases: ['evm_setBlockGasLimit'],
  summary: 'Sets the gas limit of the next blocks; returns true.',
  tier: 'dedicated',
  params: [{ name: 'gasLimit', decode: anvilNumber }],
  result: { name: 'set', schema: Schema.boolean },
  errors: [{ code: ErrorCodes.invalidParams, when: 'below 21000, or over 64 bits' }],
  handler: async (backend, [gasLimit]) => {
    await backend.mining.setBlockGasLimit(gasLimit);
    return true;
  },
});
