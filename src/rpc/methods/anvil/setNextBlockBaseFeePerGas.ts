import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

const params = [{ name: 'baseFeePerGas', decode: anvilNumber }] as const;

/**
 * anvil_setNextBlockBaseFeePerGas: the base fee of the next block (the open block, if it holds
 * no sub-block yet); later blocks follow EIP-1559 from it. Answers null, as Anvil.
 */
export const anvilSetNextBlockBaseFeePerGas = defineMethod({
  name: 'anvil_setNextBlockBaseFeePerGas',
  summary: "Sets the next block's base fee.",
  tier: 'dedicated',
  params,
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [fee]) => {
    await backend.mining.setNextBlockBaseFeePerGas(fee);
    return null;
  },
});

/** hardhat_setNextBlockBaseFeePerGas: the same, answering true as Hardhat. */
export const hardhatSetNextBlockBaseFeePerGas = defineMethod({
  name: 'hardhat_setNextBlockBaseFeePerGas',
  summary: "Sets the next block's base fee; returns true.",
  tier: 'dedicated',
  params,
  result: { name: 'set', schema: Schema.boolean },
  handler: async (backend, [fee]) => {
    await backend.mining.setNextBlockBaseFeePerGas(fee);
    return true;
  },
});
