import { type Hex, toQuantity } from '../../primitives/hex.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import type { LogCriteria } from '../logs/logCriteria.js';
import type { Notify } from './Notify.js';
import type { SubscriptionDeps } from './SubscriptionDefinition.js';
import { matchingLogs, sharedLogs } from './sharedLogs.js';

/**
 * The one fan-out of pre-confirmed logs, behind Sequin's newPreconfLogs and Base's pendingLogs:
 * the logs matching `criteria` of each sub-block, one per notification, as soon as it is durable,
 * with the open block's `blockTimestamp` and `blockHash` as given (the block is not sealed yet).
 * Each log is delivered once, and serialized once however many subscribers' criteria match it.
 * Returns the function that stops it.
 */
export function followPreconfirmedLogs(deps: SubscriptionDeps, criteria: LogCriteria, blockHash: Hex | null, notify: Notify): () => void {
  const matcher = new LogMatcher(criteria);
  return deps.events.on('subBlock', (event) => {
    // One set per block hash given: a log's text holds it.
    const logs = deps.perEvent.get(event, `preconfirmedLogs:${blockHash}`, () =>
      sharedLogs(event.transactions.flatMap((transaction) => transaction.receipt.logs)),
    );
    const batch = matchingLogs(logs, matcher, blockHash, toQuantity(event.timestamp));
    if (batch) notify(batch);
  });
}
