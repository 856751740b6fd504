import type { EventSource } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { NodeMetrics } from './NodeMetrics.js';

/** The event fields the chain metrics read (the node's ChainEvents carry more). */
export type MetricEvents = {
  pendingTransaction: { hash: Hex };
  subBlock: { transactionHashes: readonly Hex[]; buildMs?: number };
  sealedBlock: { number: bigint; sealMs?: number };
  rewound: { blockNumber: number };
};

/**
 * Most submissions remembered for the pre-confirmation latency; beyond it the oldest is forgotten
 * (a tx that never pre-confirms, e.g. one stuck behind a nonce gap, must not hold memory forever).
 */
const MAX_TRACKED_SUBMISSIONS = 50_000;

/**
 * Feeds the chain's metrics from its events and state: sub-block build and seal times, the head
 * block, pre-confirmed tx counts, the submit → pre-confirmation latency (accepted into the pool →
 * sub-block committed; a tx restored from the journal at start-up is not timed), and the pool's
 * pending and queued sizes, read at scrape time. Returns the function that stops listening.
 */
export function observeChainMetrics(
  metrics: NodeMetrics,
  events: EventSource<MetricEvents>,
  pool: TxPool,
  now: () => number = () => performance.now(),
): () => void {
  const submittedAt = new Map<string, number>();
  metrics.gaugeOnScrape('sequin_txpool_transactions', 'Transactions in the pool: pending (executable) or queued (waiting for a nonce gap)', ['state'], () => {
    const { pending, queued } = pool.status();
    return [
      [{ state: 'pending' }, pending],
      [{ state: 'queued' }, queued],
    ];
  });
  const unsubscribe = [
    events.on('pendingTransaction', ({ hash }) => {
      if (submittedAt.size >= MAX_TRACKED_SUBMISSIONS) submittedAt.delete(submittedAt.keys().next().value as string);
      submittedAt.set(hash, now());
    }),
    events.on('subBlock', ({ transactionHashes, buildMs }) => {
      if (buildMs !== undefined) metrics.subBlockBuild.observe(buildMs / 1000);
      metrics.preconfirmedTransactions.inc(transactionHashes.length);
      const at = now();
      for (const hash of transactionHashes) {
        const submitted = submittedAt.get(hash);
        if (submitted === undefined) continue;
        submittedAt.delete(hash);
        metrics.preconfirmationLatency.observe((at - submitted) / 1000);
      }
    }),
    events.on('sealedBlock', ({ number, sealMs }) => {
      if (sealMs !== undefined) metrics.blockSeal.observe(sealMs / 1000);
      metrics.headBlock.set(Number(number));
    }),
    events.on('rewound', ({ blockNumber }) => metrics.headBlock.set(blockNumber)),
  ];
  return () => {
    for (const off of unsubscribe) off();
  };
}
