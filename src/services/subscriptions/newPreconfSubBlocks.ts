import { toQuantity } from '../../primitives/hex.js';
import { NotificationBatch } from './NotificationBatch.js';
import { defineSubscription, noOptions } from './SubscriptionDefinition.js';

/**
 * newPreconfSubBlocks (Sequin): one message per sequencer tick, empty ticks included, so a
 * client sees the ~200 ms heartbeat: `{ blockNumber, index, transactionCount,
 * transactionHashes, timestamp, preconfirmedAt }`, `index` being the sub-block's index in its
 * block, or null when the tick had nothing to pre-confirm, and `preconfirmedAt` the node's clock
 * (ms since the epoch) when the tick ended, so clients can measure their notification latency. A tick
 * that built a sub-block also carries the sequencer's signed `commitment` to it and its `signature`
 * (issue 26: see sequin_getPreconfirmation).
 */
export const newPreconfSubBlocks = defineSubscription({
  name: 'newPreconfSubBlocks',
  summary: 'Every sequencer tick, empty ones included: the ~200 ms heartbeat.',
  decodeOptions: noOptions('newPreconfSubBlocks'),
  start: (deps, _options, notify) =>
    deps.events.on('preconfTick', (event) => {
      const { blockNumber, subBlockIndex, timestamp, transactionHashes, atMs, commitment } = event;
      notify(
        deps.perEvent.get(event, 'newPreconfSubBlocks', () =>
          NotificationBatch.one({
            blockNumber: toQuantity(blockNumber),
            index: subBlockIndex === null ? null : toQuantity(subBlockIndex),
            transactionCount: toQuantity(transactionHashes.length),
            transactionHashes,
            timestamp: toQuantity(timestamp),
            preconfirmedAt: toQuantity(atMs),
            ...(commitment ? { commitment: commitment.commitment, signature: commitment.signature } : {}),
          }),
        ),
      );
    }),
});
