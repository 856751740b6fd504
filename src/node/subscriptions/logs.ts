import type { LogCriteria } from '../../rpc/subscriptions/logCriteria.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import type { SubscriptionSource } from './SubscriptionSource.js';

/**
 * logs: the matching logs of each sealed block, in log order, with the block's hash. A log
 * reaches subscribers once, when its block is sealed (geth's rule; no reorgs, so never `removed`).
 * A block whose bloom rules out a match is skipped without reading its receipts, as eth_getLogs does.
 */
export const sealedLogs: SubscriptionSource<{ criteria: LogCriteria }> = (deps, { criteria }, notify) => {
  const matcher = new LogMatcher(criteria);
  return deps.events.on('sealedBlock', ({ number }) => {
    const block = deps.logSource.block(Number(number));
    if (!block || !matcher.mayBeIn(block.bloom)) return;
    for (const log of block.logs()) if (matcher.matches(log)) notify(log);
  });
};

/**
 * newPreconfLogs: the matching logs of each pre-confirmed sub-block, as soon as it is durable,
 * with `blockHash` null (the block is not sealed yet). Each log is delivered once.
 */
export const preconfirmedLogs: SubscriptionSource<{ criteria: LogCriteria }> = (deps, { criteria }, notify) => {
  const matcher = new LogMatcher(criteria);
  return deps.events.on('subBlock', ({ transactionHashes }) => {
    for (const hash of transactionHashes) {
      for (const log of deps.chain.transaction(hash)?.receipt.logs ?? []) {
        if (matcher.matches(log)) notify({ ...log, blockHash: null, removed: false });
      }
    }
  });
};
