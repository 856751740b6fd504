import { logInBlock } from '../../chain/receiptView.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import type { LogCriteria } from '../logs/logCriteria.js';
import type { Notify } from './Notify.js';
import type { SubscriptionDeps } from './SubscriptionDefinition.js';

/**
 * The one fan-out of pre-confirmed logs, behind Sequin's newPreconfLogs and Base's pendingLogs:
 * the logs matching `criteria` of each sub-block, one per notification, as soon as it is durable,
 * with the open block's `blockTimestamp` and `blockHash` as given (the block is not sealed yet).
 * Each log is delivered once. Returns the function that stops it.
 */
export function followPreconfirmedLogs(deps: SubscriptionDeps, criteria: LogCriteria, blockHash: Hex | null, notify: Notify): () => void {
  const matcher = new LogMatcher(criteria);
  return deps.events.on('subBlock', ({ transactions, timestamp }) => {
    const blockTimestamp = toQuantity(timestamp);
    for (const transaction of transactions) {
      for (const log of transaction.receipt.logs) if (matcher.matches(log)) notify(logInBlock(log, blockHash, blockTimestamp));
    }
  });
}
