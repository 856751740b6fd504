import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * sequin_setL1BaseFee: the simulated L1's base fee on an OP Stack chain (`--network`), which the next
 * block's L1-attributes deposit writes into L1Block, so the L1 data fee follows it. Neither Anvil nor
 * Hardhat has one (their L1 values are fixed or the forked chain's). Answers null, as Anvil's setters.
 */
export const sequinSetL1BaseFee = defineMethod({
  name: 'sequin_setL1BaseFee',
  summary: "Sets the simulated L1's base fee (OP Stack networks).",
  tier: 'dedicated',
  params: [{ name: 'baseFee', decode: anvilNumber }] as const,
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [wei]) => {
    backend.mining.setL1Fee('baseFee', wei);
    return null;
  },
});

/** sequin_setL1BlobBaseFee: the simulated L1's blob base fee, as sequin_setL1BaseFee. */
export const sequinSetL1BlobBaseFee = defineMethod({
  name: 'sequin_setL1BlobBaseFee',
  summary: "Sets the simulated L1's blob base fee (OP Stack networks).",
  tier: 'dedicated',
  params: [{ name: 'blobBaseFee', decode: anvilNumber }] as const,
  result: { name: 'null', schema: Schema.null },
  handler: async (backend, [wei]) => {
    backend.mining.setL1Fee('blobBaseFee', wei);
    return null;
  },
});
