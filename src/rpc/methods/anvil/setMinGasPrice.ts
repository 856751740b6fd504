import { ErrorCodes } from '../../errors/errorCodes.js';
import { anvilNumber } from '../../schemas/anvilParams.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

const params = [{ name: 'gasPrice', decode: anvilNumber }] as const;

/**
 * anvil_setMinGasPrice: a setting of legacy-fee chains. The chain always runs EIP-1559, so it is
 * refused with Anvil's -32602 "anvil_setMinGasPrice is not supported when EIP-1559 is active".
 */
export const anvilSetMinGasPrice = defineMethod({
  name: 'anvil_setMinGasPrice',
  summary: 'Refused: the chain runs EIP-1559 (as Anvil refuses it there).',
  tier: 'dedicated',
  params,
  result: { name: 'none', schema: { description: 'never: always refused' } },
  errors: [{ code: ErrorCodes.invalidParams, when: 'always: "… is not supported when EIP-1559 is active"' }],
  handler: (backend) => backend.mining.setMinGasPrice('anvil_setMinGasPrice'),
});

/** hardhat_setMinGasPrice: refused likewise, in Hardhat's words. */
export const hardhatSetMinGasPrice = defineMethod({
  name: 'hardhat_setMinGasPrice',
  summary: 'Refused: the chain runs EIP-1559 (as Hardhat refuses it there).',
  tier: 'dedicated',
  params,
  result: { name: 'set', schema: Schema.boolean },
  errors: [{ code: ErrorCodes.invalidParams, when: 'always: "… is not supported when EIP-1559 is active"' }],
  handler: (backend) => backend.mining.setMinGasPrice('hardhat_setMinGasPrice'),
});
