import { data, timeoutMilliseconds } from '../../schemas/decoders.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { preconfirmationSchema } from './preconfirmationSchemas.js';

/**
 * sequin_sendRawTransactionSync (issue 26): eth_sendRawTransactionSync (same parameters, errors and
 * timeout), answered with what sequin_getPreconfirmation answers once the transaction is pre-confirmed:
 * the receipt with its signed commitment and proofs. eth_sendRawTransactionSync keeps answering the
 * plain receipt, which tools parse.
 */
export const sendRawTransactionSync = defineMethod({
  name: 'sequin_sendRawTransactionSync',
  summary: 'Submits a signed transaction and returns its verifiable pre-confirmation once it is pre-confirmed.',
  tier: 'public',
  params: [
    { name: 'data', decode: data },
    { name: 'timeout', decode: timeoutMilliseconds, optional: true },
  ],
  result: { name: 'preconfirmation', schema: preconfirmationSchema },
  handler: (backend, [raw, timeout]) => backend.transactions.sendRawTransactionSyncProven(raw, timeout),
});
