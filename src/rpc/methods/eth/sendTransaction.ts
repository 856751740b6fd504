import { ErrorCodes } from '../../errors/errorCodes.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { sendRequest } from '../../schemas/sendRequestDecoder.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_sendTransaction: signs with one of the node's dev accounts (filling nonce, gas and fees) and
 * submits. On an OP Stack network a request with `sourceHash` and `isSystemTx` (and `mint`) is a
 * deposit, built and submitted unsigned as Anvil's optimism mode does (docs/op-stack.md). Dedicated
 * tier: on a public node anyone could otherwise spend the dev accounts' funds.
 */
export const sendTransaction = defineMethod({
  name: 'eth_sendTransaction',
  summary: 'Signs a transaction with a dev account of the node and submits it.',
  tier: 'dedicated',
  params: [{ name: 'transaction', decode: sendRequest }],
  result: { name: 'transactionHash', schema: Schema.hash },
  errors: [
    {
      code: ErrorCodes.server,
      when: '`from` is missing ("from address is required"), the node holds no key for it and does not impersonate it ("unknown account"), or the fields cannot make a transaction; a deposit (OP Stack) needs no key',
    },
    MethodErrors.poolRejection,
  ],
  handler: (backend, [request]) => backend.transactions.sendTransaction(request),
});
