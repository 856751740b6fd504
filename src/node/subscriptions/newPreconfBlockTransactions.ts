import type { StoredTransaction } from '../../chain/records.js';
import { InvalidParamsError } from '../../errors/RpcError.js';
import type { TransactionPosition } from '../../rpc/subscriptions/SubscriptionRequest.js';
import { cursorOf } from './PreconfirmedPayloads.js';
import type { SubscriptionDeps, SubscriptionSource } from './SubscriptionSource.js';

/** How far back a resume may reach: about 34 minutes of 2-second blocks. */
export const MAX_RESUME_BLOCKS = 1024;

interface Request {
  full: boolean;
  after: TransactionPosition | undefined;
}

/**
 * newPreconfBlockTransactions: every pre-confirmed tx once, in pre-confirmation order, as soon
 * as its sub-block is durable. `result` is the hash, or (full) the tx with its receipt fields
 * flattened in; every message also carries `cursor` {blockNumber, transactionIndex,
 * subBlockIndex}. A client that reconnects passes its last cursor as `after` and first receives
 * every tx pre-confirmed since (sealed ones with their block hash), then the live stream,
 * with no gap and no repeat: the replay and the switch to live events happen in one turn of
 * the event loop, and a position filter drops anything already delivered.
 */
export const newPreconfBlockTransactions: SubscriptionSource<Request> = (deps, { full, after }, notify) => {
  if (after) checkResumePoint(deps, after);
  let last = after === undefined ? undefined : { block: Number(after.blockNumber), index: Number(after.transactionIndex) };
  const deliver = (stored: StoredTransaction) => {
    if (last && (stored.blockNumber < last.block || (stored.blockNumber === last.block && stored.transactionIndex <= last.index))) return;
    last = { block: stored.blockNumber, index: stored.transactionIndex };
    notify(full ? deps.payloads.fullPayload(stored) : stored.fields.hash, { cursor: cursorOf(stored) });
  };
  if (after) replaySince(deps, Number(after.blockNumber), deliver);
  return deps.events.on('subBlock', ({ transactionHashes }) => {
    for (const hash of transactionHashes) {
      const stored = deps.chain.transaction(hash);
      if (stored) deliver(stored);
    }
  });
};

/**
 * Refuses a resume point ahead of the chain or more than {@link MAX_RESUME_BLOCKS} behind it. It
 * throws before anything is delivered, so the connection drops the subscription and answers the error.
 */
function checkResumePoint(deps: SubscriptionDeps, after: TransactionPosition): void {
  const open = BigInt(deps.sequencer.openBlock.number);
  if (after.blockNumber > open) throw new InvalidParamsError(`invalid argument 1: resume block ${after.blockNumber} is ahead of the open block ${open}`);
  if (open - after.blockNumber > BigInt(MAX_RESUME_BLOCKS)) {
    throw new InvalidParamsError(
      `invalid argument 1: resume block ${after.blockNumber} is more than ${MAX_RESUME_BLOCKS} blocks behind; fetch older blocks with eth_getBlockReceipts`,
    );
  }
}

/** Delivers the txs of sealed blocks from `fromBlock` on, then those pre-confirmed in the open block. */
function replaySince(deps: SubscriptionDeps, fromBlock: number, deliver: (stored: StoredTransaction) => void): void {
  const head = deps.chain.head()?.number ?? 0;
  for (let number = fromBlock; number <= head; number++) {
    for (const hash of deps.chain.blockByNumber(number)?.transactions ?? []) {
      const stored = deps.chain.transaction(hash);
      if (stored) deliver(stored);
    }
  }
  for (const { hash } of deps.sequencer.openBlock.transactions) {
    const stored = deps.chain.transaction(hash);
    if (stored) deliver(stored);
  }
}
