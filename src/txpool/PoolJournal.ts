import { recordKeys } from '../chain/recordKeys.js';
import { bytesToHex, type Hex, hexToBytes } from '../primitives/hex.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolTransaction } from './PoolTransaction.js';

/** A journaled transaction: its bytes, and the sender of an impersonated one (which no signature names). */
export interface JournaledTransaction {
  hash: Hex;
  raw: Uint8Array;
  impersonatedSender?: Uint8Array;
}

/** How an impersonated transaction is journaled; a signed one is its raw hex alone. */
interface ImpersonatedRecord {
  raw: Hex;
  sender: Hex;
}

/**
 * The journal of acknowledged pool transactions: a tx is recorded before its hash is returned
 * to the client and forgotten in the same commit that pre-confirms, replaces or evicts it, so
 * after a crash the pool is rebuilt with exactly the txs clients were told about.
 */
export class PoolJournal {
  constructor(private readonly storage: Storage) {}

  record(batch: WriteBatch, transaction: PoolTransaction): void {
    const raw = bytesToHex(transaction.raw);
    const record: Hex | ImpersonatedRecord = transaction.impersonated ? { raw, sender: `0x${transaction.sender}` } : raw;
    batch.putRecord(recordKeys.poolTransaction(transaction.hash), record);
  }

  forget(batch: WriteBatch, hash: Hex): void {
    batch.deleteRecord(recordKeys.poolTransaction(hash));
  }

  /** Every journaled tx's raw bytes, with its hash (and sender, when impersonated). */
  load(): JournaledTransaction[] {
    return this.storage.recordsWithPrefix<Hex | ImpersonatedRecord>(recordKeys.poolPrefix).map(([key, record]) => {
      const hash = key.slice(recordKeys.poolPrefix.length) as Hex;
      if (typeof record === 'string') return { hash, raw: hexToBytes(record) };
      return { hash, raw: hexToBytes(record.raw), impersonatedSender: hexToBytes(record.sender) };
    });
  }
}
