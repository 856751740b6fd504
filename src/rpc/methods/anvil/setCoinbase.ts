import { address } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

const params = [{ name: 'address', decode: address }] as const;

/** anvil_setCoinbase: the coinbase (fee recipient, `miner`) of the next blocks. Answers null, as Anvil. */
export const anvilSetCoinbase = defineMethod({
  name: 'anvil_setCoinbase',
  summary: 'Sets the coinbase of the next blocks.',
  tier: 'dedicated',
  params,
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [coinbase]) => {
    await backend.mining.setCoinbase(coinbase);
    return null;
  },
});

/** hardhat_setCoinbase: the same, answering true as Hardhat. */
export const hardhatSetCoinbase = defineMethod({
  name: 'hardhat_setCoinbase',
  summary: 'Sets the coinbase of the next blocks; returns true.',
  tier: 'dedicated',
  params,
  result: { name: 'set', schema: Schema.boolean },
  handler: async (backend, [coinbase]) => {
    await backend.mining.setCoinbase(coinbase);
    return true;
  },
});
