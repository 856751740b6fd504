import { hash } from '../../schemas/decoders.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/**
 * chain_transactionStatus (spec: docs/spec/chain-rpc-service.md, "To follow a submitted transaction").
 * The reference service only confirms receipt in the mempool and answers "Unknown" once the tx
 * is mined; Sequin extends that so one call follows a tx through its whole life:
 * `{"status":"Known","stage":"pool"}` (pooled, including queued behind a nonce gap),
 * `"preconfirmed"` (in a sub-block of the open block) or `"sealed"` (in a sealed block), and
 * `{"status":"Unknown"}` for a tx the node never accepted or has dropped from the pool.
 */
export const transactionStatus = defineMethod({
  name: 'chain_transactionStatus',
  summary: 'Returns whether a transaction is known and whether it is pooled, pre-confirmed or sealed.',
  tier: 'public',
  params: [{ name: 'transactionHash', decode: hash }],
  result: {
    name: 'status',
    schema: {
      oneOf: [
        { type: 'object', properties: { status: { const: 'Known' }, stage: { enum: ['pool', 'preconfirmed', 'sealed'] } }, required: ['status', 'stage'] },
        { type: 'object', properties: { status: { const: 'Unknown' } }, required: ['status'] },
      ],
    },
  },
  handler: (backend, [transactionHash]) => backend.transactions.transactionStatus(transactionHash),
});
