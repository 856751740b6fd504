import { UNSEALED_BLOCK_HASH, withBlockHash } from '../../chain/ChainStore.js';
import type { LogCriteria } from '../../rpc/subscriptions/logCriteria.js';
import { LogMatcher } from '../logs/LogMatcher.js';
import type { SubscriptionSource } from './SubscriptionSource.js';

/**
 * logs: the matching logs of each sealed block, in log order, with the block's hash. A log
 * reaches subscribers once, when its block is sealed (geth's rule; no reorgs, so never `removed`).
 */
export const sealedLogs: SubscriptionSource<{ criteria: LogCriteria }> = (deps, { criteria }, notify) => {
  const matcher = new LogMatcher(criteria);
  return deps.events.on('sealedBlock', ({ number }) => {
    const block = deps.chain.blockByNumber(Number(number));
    if (!block) return;
    for (const receipt of deps.chain.receiptsOfBlock(block)) {
      for (const log of receipt.logs) if (matcher.matches(log)) notify(log);
    }
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
      const stored = deps.chain.transaction(hash);
      if (!stored) continue;
      for (const log of withBlockHash(stored.receipt, UNSEALED_BLOCK_HASH).logs) {
        if (matcher.matches(log)) notify({ ...log, blockHash: null });
      }
    }
  });
};
