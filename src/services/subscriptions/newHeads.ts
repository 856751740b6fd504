import type { StoredBlock } from '../../chain/records.js';
import { sealedBlockView } from '../views/sealedBlockView.js';
import { NotificationBatch } from './NotificationBatch.js';
import { defineSubscription, noOptions } from './SubscriptionDefinition.js';

/** newHeads: each sealed block's header, as geth sends it (the block without its body). */
export const newHeads = defineSubscription({
  name: 'newHeads',
  summary: "Each sealed block's header.",
  decodeOptions: noOptions('newHeads'),
  start: (deps, _options, notify) =>
    deps.events.on('sealedBlock', (event) => notify(deps.perEvent.get(event, 'newHeads', () => NotificationBatch.one(headerOf(event.block))))),
});

/** A sealed block's header fields: what geth's newHeads carries (no transactions, uncles, withdrawals, size). */
export function headerOf(block: StoredBlock): Record<string, unknown> {
  const { transactions: _transactions, uncles: _uncles, withdrawals: _withdrawals, size: _size, ...header } = sealedBlockView(block);
  return header;
}
