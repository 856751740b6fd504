import type { StoredTransaction } from '../../chain/records.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { parseQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { NotificationBatch } from './NotificationBatch.js';
import { cursorOf } from './PreconfirmedPayloads.js';
import { defineSubscription, optionsObject, type SubscriptionDeps } from './SubscriptionDefinition.js';

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

const quantitySchema = { title: 'quantity', type: 'string', pattern: '^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$' };

/**
 * newPreconfBlockTransactions: every pre-confirmed tx once, in pre-confirmation order, as soon
 * as its sub-block is durable. `result` is the hash, or (full) the tx with its receipt fields
 * flattened in; every message also carries `cursor` {blockNumber, transactionIndex,
 * subBlockIndex}. A client that reconnects passes its last cursor as `after` and first receives
 * every tx pre-confirmed since (sealed ones with their block hash), then the live stream,
 * with no gap and no repeat: the replay (from one chain view) and the switch to live events
 * happen in one turn of the event loop, and a position filter drops anything already delivered.
 * A live sub-block's notifications are built once, for every subscriber with the same `full`.
 */
export const newPreconfBlockTransactions = defineSubscription({
  name: 'newPreconfBlockTransactions',
  summary: 'Each pre-confirmed transaction once, in order: its hash, or the transaction with its receipt; resumable from a cursor.',
  optionsSchema: {
    oneOf: [
      { type: 'boolean' },
      {
        type: 'object',
        properties: { full: { type: 'boolean' }, after: { type: 'object', properties: { blockNumber: quantitySchema, transactionIndex: quantitySchema } } },
      },
    ],
  },
  decodeOptions: decodePreconfOptions,
  start: (deps, { full, after }, notify) => {
    const view = deps.views.current();
    if (after) checkResumePoint(view, after);
    let last: Position | undefined = after === undefined ? undefined : { block: Number(after.blockNumber), index: Number(after.transactionIndex) };
    /** Sends `transactions` (in order) past the last one delivered. */
    const deliver = (transactions: readonly StoredTransaction[], batch: () => NotificationBatch) => {
      const start = last === undefined ? 0 : transactions.findIndex((stored) => isAfter(stored, last!));
      if (start === -1 || transactions.length === 0) return;
      const newest = transactions[transactions.length - 1]!;
      last = { block: newest.blockNumber, index: newest.transactionIndex };
      notify(batch().from(start));
    };
    if (after) {
      const replayed = replaySince(view, Number(after.blockNumber));
      deliver(replayed, () => notificationsOf(deps, replayed, full, view));
    }
    const stopLive = deps.events.on('subBlock', (event) => {
      const { transactions, view: at } = event;
      deliver(transactions, () =>
        deps.perEvent.get(event, full ? 'newPreconfBlockTransactions:full' : 'newPreconfBlockTransactions', () =>
          notificationsOf(deps, transactions, full, at),
        ),
      );
    });
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
  },
});

/** A transaction's place in pre-confirmation order. */
interface Position {
  block: number;
  index: number;
}

function isAfter(stored: StoredTransaction, position: Position): boolean {
  return stored.blockNumber > position.block || (stored.blockNumber === position.block && stored.transactionIndex > position.index);
}

/** The notifications of `transactions`: each one's hash or full payload, with its cursor. */
function notificationsOf(deps: SubscriptionDeps, transactions: readonly StoredTransaction[], full: boolean, at: ChainView): NotificationBatch {
  return NotificationBatch.of(
    transactions.map((stored) => (full ? deps.payloads.fullPayload(stored, at) : stored.fields.hash)),
    transactions.map((stored) => ({ cursor: cursorOf(stored) })),
  );
}

/** `true`/`false` (full), or `{ full?, after?: { blockNumber, transactionIndex } }`. */
function decodePreconfOptions(options: unknown): { full: boolean; after: TransactionPosition | undefined } {
  if (options === undefined || typeof options === 'boolean') return { full: options === true, after: undefined };
  const object = optionsObject(options, ['full', 'after']);
  if (object?.full !== undefined && typeof object.full !== 'boolean') throw new TypeError('full: boolean expected');
  return { full: object?.full === true, after: object?.after === undefined ? undefined : decodePosition(object.after) };
}

function decodePosition(value: unknown): TransactionPosition {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('after: object { blockNumber, transactionIndex } expected');
  const { blockNumber, transactionIndex } = optionsObject(value, ['blockNumber', 'transactionIndex', 'subBlockIndex'])!;
  if (blockNumber === undefined || transactionIndex === undefined) throw new TypeError('after: blockNumber and transactionIndex are required');
  return { blockNumber: parseQuantity(blockNumber), transactionIndex: parseQuantity(transactionIndex) };
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

/** The txs of sealed blocks from `fromBlock` on, then those pre-confirmed in the open block, all as `view` has them. */
function replaySince(view: ChainView, fromBlock: number): StoredTransaction[] {
  const replayed: StoredTransaction[] = [];
  for (let number = fromBlock; number <= view.headNumber; number++) {
    for (const hash of view.block(number)?.transactions ?? []) {
      const stored = view.transaction(hash);
      if (stored) replayed.push(stored);
    }
  }
  replayed.push(...view.open.records());
  return replayed;
}
