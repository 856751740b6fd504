import { OrderedTrie } from '../../chain/OrderedTrie.js';

/**
 * A block's transactions and receipts tries, grown one transaction at a time; their roots can be asked
 * after any transaction for little more than the newest transactions cost (see chain/OrderedTrie.ts).
 * The roots asked after the last transaction are the sealed header's.
 */
export class BlockTries {
  private readonly transactions = new OrderedTrie();
  private readonly receipts = new OrderedTrie();

  /** Appends the next transaction: its raw (EIP-2718) encoding and its consensus receipt. */
  append(raw: Uint8Array, receipt: Uint8Array): void {
    this.transactions.append(raw);
    this.receipts.append(receipt);
  }

  /** How many transactions the tries hold. */
  get length(): number {
    return this.transactions.length;
  }

  /** Drops the transactions from `length` on (a sub-block appended before its commit, which then failed). */
  truncate(length: number): void {
    this.transactions.truncate(length);
    this.receipts.truncate(length);
  }

  /** The transactions root of the transactions so far. */
  transactionsRoot(): Uint8Array {
    return this.transactions.root();
  }

  /** The receipts root of the transactions so far. */
  receiptsRoot(): Uint8Array {
    return this.receipts.root();
  }
}
