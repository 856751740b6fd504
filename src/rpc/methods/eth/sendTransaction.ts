import { callRequest } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * eth_sendTransaction: signs with one of the node's dev accounts (filling nonce, gas and fees) and
 * submits. Dedicated tier: on a public node anyone could otherwise spend the dev accounts' funds.
 */
export const sendTransaction = defineMethod({
  name: 'eth_sendTransaction',
  summary: 'Signs a transaction with a dev account of the node and submits it.',
  tier: 'dedicated',
  params: [{ name: 'transaction', decode: callRequest }],
  result: { name: 'transactionHash', schema: Schema.hash },
  handler: (backend, [request]) => backend.transactions.sendTransaction(request),
});
