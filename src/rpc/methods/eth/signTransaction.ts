import { callRequest } from '../../schemas/callRequestDecoder.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_signTransaction: fills and signs a transaction exactly as eth_sendTransaction would (nonce,
 * gas and fees; same errors) and answers the raw signed transaction as a hex string without
 * submitting it — Anvil's and Hardhat's answer, what viem's and ethers' JSON-RPC signers expect
 * (geth wraps it as `{raw, tx}`). Dedicated tier.
 */
export const signTransaction = defineMethod({
  name: 'eth_signTransaction',
  summary: 'Signs a transaction with a dev account of the node and returns it raw, without submitting it.',
  tier: 'dedicated',
  params: [{ name: 'transaction', decode: callRequest }],
  result: { name: 'raw', schema: Schema.data },
  errors: [MethodErrors.unknownAccount],
  handler: (backend, [request]) => backend.transactions.signTransaction(request),
});
