import type { StoredTransaction } from '../../chain/records.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { NotificationBatch } from './NotificationBatch.js';
import type { Notify } from './Notify.js';
import type { SubscriptionDeps } from './SubscriptionDefinition.js';

/** How far back a resume may reach: about 34 minutes of 2-second blocks. */
export const MAX_RESUME_BLOCKS = 1024;

/**
 * A place in pre-confirmation order: the transaction at `transactionIndex` of block
 * `blockNumber`. Txs are pre-confirmed in (block, index) order and keep that place when sealed,
 * so this is a stable resume cursor.
 */
export interface TransactionPosition {
  blockNumber: bigint;
  transactionIndex: bigint;
}

/** The notifications of pre-confirmed (or, in a replay, sealed) transactions, in order, as read in view `at`. */
export type TransactionNotifications = (transactions: readonly StoredTransaction[], at: ChainView) => NotificationBatch;

/** A transaction's place in pre-confirmation order. */
interface Position {
  block: number;
  index: number;
}

/**
 * The one fan-out of pre-confirmed transactions, behind Sequin's newPreconfBlockTransactions and
 * Base's newFlashblockTransactions: every pre-confirmed tx once, in pre-confirmation order, as
 * soon as its sub-block is durable — or, `committed` (proven answers), as soon as its sub-block's signed
 * commitment is (made right after the sub-block, off the tick). With `after`, it first replays every tx pre-confirmed since
 * that position (sealed ones as sealed), then goes live, with no gap and no repeat: the replay
 * (from one chain view) and the switch to live events happen in one turn of the event loop, and a
 * position filter drops anything already delivered. A live sub-block's notifications are built
 * once (`notificationsOf`, under `key`) for every subscriber that shares `key`, and each is sent
 * them as one batch (the tail it has not had, when a resume overlapped). Returns the function that
 * stops it; throws (before delivering anything) for a resume point it cannot serve.
 */
export function followPreconfirmedTransactions(
  deps: SubscriptionDeps,
  after: TransactionPosition | undefined,
  key: string,
  notificationsOf: TransactionNotifications,
  notify: Notify,
  options: { committed?: boolean } = {},
): () => void {
  const view = deps.views.current();
  if (after) checkResumePoint(view, after);
  let last: Position | undefined = after === undefined ? undefined : { block: Number(after.blockNumber), index: Number(after.transactionIndex) };
  /** Sends `transactions` (in order) past the last one delivered. */
  const deliver = (transactions: readonly StoredTransaction[], batch: () => NotificationBatch) => {
    if (transactions.length === 0) return;
    const start = last === undefined ? 0 : transactions.findIndex((stored) => isAfter(stored, last!));
    if (start === -1) return;
    const newest = transactions[transactions.length - 1]!;
    last = { block: newest.blockNumber, index: newest.transactionIndex };
    notify(batch().from(start));
  };
  if (after) {
    const replayed = replaySince(view, Number(after.blockNumber), options.committed === true);
    deliver(replayed, () => notificationsOf(replayed, view));
  }
  const live = (event: { transactions: readonly StoredTransaction[]; view: ChainView }) => {
    const { transactions, view: at } = event;
    deliver(transactions, () => deps.perEvent.get(event, key, () => notificationsOf(transactions, at)));
  };
  const stopLive = options.committed ? deps.events.on('subBlockCommitment', live) : deps.events.on('subBlock', live);
  // After a rewind (evm_revert, anvil_reset) new transactions reuse positions already delivered:
  // move the filter back to what the rewound chain holds (its open block's restored txs were delivered).
  const stopRewound = deps.events.on('rewound', ({ blockNumber, view: at }) => {
    const open = { block: blockNumber + 1, index: at.open.transactionCount - 1 };
    if (last && (last.block > open.block || (last.block === open.block && last.index > open.index))) last = open;
  });
  return () => {
    stopLive();
    stopRewound();
  };
}

/**
 * Refuses a resume point ahead of the chain or more than {@link MAX_RESUME_BLOCKS} behind it. It
 * throws before anything is delivered, so the connection drops the subscription and answers the error.
 */
function checkResumePoint(view: ChainView, after: TransactionPosition): void {
  const open = BigInt(view.open.number);
  if (after.blockNumber > open) throw new InvalidArgumentError(`resume block ${after.blockNumber} is ahead of the open block ${open}`, 1);
  if (open - after.blockNumber > BigInt(MAX_RESUME_BLOCKS)) {
    throw new InvalidArgumentError(
      `resume block ${after.blockNumber} is more than ${MAX_RESUME_BLOCKS} blocks behind; fetch older blocks with eth_getBlockReceipts`,
      1,
    );
  }
}

function isAfter(stored: StoredTransaction, position: Position): boolean {
  return stored.blockNumber > position.block || (stored.blockNumber === position.block && stored.transactionIndex > position.index);
}

/**
 * The txs of sealed blocks from `fromBlock` on, then those pre-confirmed in the open block, all as `view` has
 * them; with `committed`, only those of the open block's sub-blocks that have their commitment (the rest
 * follow as their commitments are announced).
 */
function replaySince(view: ChainView, fromBlock: number, committed: boolean): StoredTransaction[] {
  const replayed: StoredTransaction[] = [];
  for (let number = fromBlock; number <= view.headNumber; number++) {
    for (const hash of view.block(number)?.transactions ?? []) {
      const stored = view.transaction(hash);
      if (stored) replayed.push(stored);
    }
  }
  const committedSubBlocks = view.commitments(view.open.number).length;
  replayed.push(...view.open.records().filter((stored) => !committed || stored.subBlockIndex < committedSubBlocks));
  return replayed;
}
