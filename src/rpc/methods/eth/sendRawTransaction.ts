import { data } from '../../schemas/decoders.js';
import { Schema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { MethodErrors } from '../methodErrors.js';

/**
 * eth_sendRawTransaction (spec: docs/spec/chain-rpc-service.md): validates a signed tx with geth's rules
 * and strings, journals it, and returns its hash; it is considered for the next ~200 ms
 * pre-confirmation sub-block.
 */
export const sendRawTransaction = defineMethod({
  name: 'eth_sendRawTransaction',
  summary: 'Submits a signed, RLP-encoded transaction and returns its hash.',
  tier: 'public',
  params: [{ name: 'data', decode: data }],
  result: { name: 'transactionHash', schema: Schema.hash },
  errors: [MethodErrors.notATransaction, MethodErrors.poolRejection],
  handler: (backend, [raw]) => backend.transactions.sendRawTransaction(raw),
});
