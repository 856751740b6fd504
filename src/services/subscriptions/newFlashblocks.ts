import { NotificationBatch } from './NotificationBatch.js';
import { defineSubscription, noOptions } from './SubscriptionDefinition.js';

/**
 * newFlashblocks (Base's flashblocks name; docs/flashblocks.md): after each sub-block, the pending
 * block so far — what eth_getBlockByNumber("pending", true) answers at that moment: every
 * transaction pre-confirmed in the block, in full, the zero hash as its `hash` and the sub-block's
 * index in `nonce` (OP's flashblocks shape). One notification per sub-block, as Base's node sends
 * one per flashblock; built and serialized once for every subscriber.
 */
export const newFlashblocks = defineSubscription({
  name: 'newFlashblocks',
  summary: "Base's name: after each sub-block, the pending block so far with its transactions in full (index in nonce).",
  decodeOptions: noOptions('newFlashblocks'),
  start: (deps, _options, notify) =>
    deps.events.on('subBlock', (event) =>
      notify(deps.perEvent.get(event, 'newFlashblocks', () => NotificationBatch.one(deps.payloads.pendingBlock(event.view)))),
    ),
});
