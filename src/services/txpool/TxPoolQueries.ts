import type { StateReader } from '../../execution/StateReader.js';
import { checksumAddress } from '../../primitives/checksumAddress.js';
import { bytesToHex, type Hex, toQuantity } from '../../primitives/hex.js';
import type { PoolTransaction } from '../../txpool/PoolTransaction.js';
import type { TxPool } from '../../txpool/TxPool.js';
import { pooledTransactionView } from '../views/pooledTransactionView.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';

/** txpool_content / txpool_inspect: sender (EIP-55) → nonce (decimal) → entry, split pending / queued. */
export interface TxPoolGroups<Entry> {
  pending: Record<string, Record<string, Entry>>;
  queued: Record<string, Record<string, Entry>>;
}

/** txpool_status: counts of executable (pending) and future-nonce (queued) txs, as hex. */
export interface TxPoolStatus {
  pending: Hex;
  queued: Hex;
}

/** txpool_contentFrom: one sender's txs, nonce (decimal string) → tx. */
export interface TxPoolContentFrom {
  pending: Record<string, RpcTransaction>;
  queued: Record<string, RpcTransaction>;
}

/**
 * The txpool_* views of the pool, in geth's shapes (internal/ethapi TxPoolAPI). A tx is pending
 * when it is in its sender's run of consecutive nonces starting at the pre-confirmed nonce
 * (executable now), queued otherwise (a nonce gap before it). Senders are EIP-55 checksummed
 * and ordered, nonces are decimal strings, txs are served like eth_getTransactionByHash serves a
 * pooled tx (block fields null, gasPrice = fee cap).
 */
export class TxPoolQueries {
  constructor(
    private readonly pool: TxPool,
    /** The pre-confirmed state the pool checks nonces against (the sequencer's world state). */
    private readonly state: StateReader,
  ) {}

  status(): TxPoolStatus {
    const { pending, queued } = this.pool.status();
    return { pending: toQuantity(pending), queued: toQuantity(queued) };
  }

  content(): TxPoolGroups<RpcTransaction> {
    return this.grouped(pooledTransactionView);
  }

  /** One sender's txs; empty groups for a sender with none. */
  contentFrom(address: Uint8Array): TxPoolContentFrom {
    const sender = bytesToHex(address).slice(2);
    const result: TxPoolContentFrom = { pending: {}, queued: {} };
    for (const [isPending, transaction] of this.classified(sender)) {
      (isPending ? result.pending : result.queued)[transaction.nonce.toString()] = pooledTransactionView(transaction);
    }
    return result;
  }

  /** geth's one-line summaries: "0xTo: 1 wei + 21000 gas × 2000000000 wei" (gas price = the fee cap). */
  inspect(): TxPoolGroups<string> {
    return this.grouped((transaction) => {
      const { to, value, gasLimit } = transaction.transaction;
      const cost = `${value} wei + ${gasLimit} gas × ${transaction.feeCap} wei`;
      return to ? `${checksumAddress(to.toString())}: ${cost}` : `contract creation: ${cost}`;
    });
  }

  private grouped<Entry>(entryOf: (transaction: PoolTransaction) => Entry): TxPoolGroups<Entry> {
    const result: TxPoolGroups<Entry> = { pending: {}, queued: {} };
    const senders = [...this.pool.contents().keys()]
      .map((sender) => [checksumAddress(sender), sender] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [checksummed, sender] of senders) {
      for (const [isPending, transaction] of this.classified(sender)) {
        const group = isPending ? result.pending : result.queued;
        group[checksummed] ??= {};
        group[checksummed][transaction.nonce.toString()] = entryOf(transaction);
      }
    }
    return result;
  }

  /** A sender's pooled txs in nonce order, each with whether it is pending (executable). */
  private classified(sender: string): [boolean, PoolTransaction][] {
    const transactions = this.pool.contents().get(sender);
    if (!transactions) return [];
    const stateNonce = this.state.account(sender)?.nonce ?? 0n;
    const firstGap = this.pool.nextNonce(sender, stateNonce);
    return [...transactions.values()].sort((a, b) => (a.nonce < b.nonce ? -1 : 1)).map((transaction) => [transaction.nonce < firstGap, transaction]);
  }
}
