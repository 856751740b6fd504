import { ErrorCodes } from '../../errors/errorCodes.js';
import { timeoutMilliseconds } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { sendRequest } from '../../schemas/sendRequestDecoder.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_sendTransactionSync: eth_sendTransaction (fill, sign with a dev account, submit; same errors)
 * answered like eth_sendRawTransactionSync (EIP-7966): the receipt as soon as the transaction is
 * pre-confirmed, or code 4 with the hash as data after the timeout (ms; the node's default and
 * maximum are those of eth_sendRawTransactionSync). Dedicated tier, like eth_sendTransaction.
 */
export const sendTransactionSync = defineMethod({
  name: 'eth_sendTransactionSync',
  summary: 'Signs a transaction with a dev account, submits it and returns its receipt once it is pre-confirmed.',
  tier: 'dedicated',
  params: [
    { name: 'transaction', decode: sendRequest },
    { name: 'timeout', decode: timeoutMilliseconds, optional: true },
  ],
  result: { name: 'receipt', schema: Schema.receipt },
  errors: [
    {
      code: ErrorCodes.server,
      when: '`from` is missing ("from address is required"), the node holds no key for it and does not impersonate it ("unknown account"), or the fields cannot make a transaction',
    },
    MethodErrors.poolRejection,
    MethodErrors.notPreconfirmedInTime,
  ],
  handler: (backend, [request, timeout]) => backend.transactions.sendTransactionSync(request, timeout),
});
