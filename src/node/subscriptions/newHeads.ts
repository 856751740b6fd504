import type { StoredBlock } from '../../chain/records.js';
import type { SubscriptionSource } from './SubscriptionSource.js';

/** newHeads: each sealed block's header, as geth sends it (the block without its body). */
export const newHeads: SubscriptionSource<unknown> = (deps, _request, notify) =>
  deps.events.on('sealedBlock', ({ number }) => {
    const block = deps.chain.blockByNumber(Number(number));
    if (block) notify(headerOf(block));
  });

/** A sealed block's header fields: what geth's newHeads carries (no transactions, uncles, withdrawals, size). */
export function headerOf(block: StoredBlock): Record<string, unknown> {
  const { transactions: _transactions, uncles: _uncles, withdrawals: _withdrawals, size: _size, totalDifficulty: _totalDifficulty, ...header } = block;
  return header;
}
