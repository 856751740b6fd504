import { recordKeys } from '../chain/recordKeys.js';
import { bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolTransaction } from './PoolTransaction.js';

/**
 * The journal of acknowledged pool transactions: a tx is recorded before its hash is returned
 * to the client and forgotten in the same commit that pre-confirms, replaces or evicts it, so
 * after a crash the pool is rebuilt with exactly the txs clients were told about.
 */
export class PoolJournal {
  constructor(private readonly storage: Storage) {}

  record(batch: WriteBatch, transaction: PoolTransaction): void {
    batch.putRecord(recordKeys.poolTransaction(transaction.hash), bytesToHex(transaction.raw));
  }

  forget(batch: WriteBatch, hash: Hex): void {
    batch.deleteRecord(recordKeys.poolTransaction(hash));
  }

  /** Every journaled tx's raw bytes, with its hash. */
  load(): Array<{ hash: Hex; raw: Uint8Array }> {
    return this.storage
      .recordsWithPrefix<Hex>(recordKeys.poolPrefix)
      .map(([key, raw]) => ({ hash: key.slice(recordKeys.poolPrefix.length) as Hex, raw: hexToBytes(raw) }));
  }
}
