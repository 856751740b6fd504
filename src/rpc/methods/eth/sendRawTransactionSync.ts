import { data, timeoutMilliseconds } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_sendRawTransactionSync (EIP-7966): submits like eth_sendRawTransaction (same errors) and
 * answers with the receipt as soon as the transaction is pre-confirmed. Past the timeout (ms;
 * the node's default and maximum are configurable) it fails with code 4 and the tx hash as data:
 * the tx stays in the pool. A timeout above the maximum is -32602.
 */
export const sendRawTransactionSync = defineMethod({
  name: 'eth_sendRawTransactionSync',
  summary: 'Submits a signed transaction and returns its receipt once it is pre-confirmed.',
  tier: 'public',
  params: [
    { name: 'data', decode: data },
    { name: 'timeout', decode: timeoutMilliseconds, optional: true },
  ],
  result: { name: 'receipt', schema: Schema.receipt },
  errors: [MethodErrors.notATransaction, MethodErrors.poolRejection, MethodErrors.notPreconfirmedInTime],
  handler: (backend, [raw, timeout]) => backend.transactions.sendRawTransactionSync(raw, timeout),
});
