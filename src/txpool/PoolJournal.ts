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

/** An entry as it is stored under its sequence key. */
interface JournalEntry {
  hash: Hex;
  raw: Hex;
  /** The sender of an impersonated transaction. */
  sender?: Hex;
}

/** An entry as data directories written before sequence keys keep it, under `pool:<hash>`: the raw hex of a signed tx. */
interface LegacyImpersonatedRecord {
  raw: Hex;
  sender: Hex;
}

/**
 * The journal of acknowledged pool transactions: a tx is recorded before its hash is returned
 * to the client and forgotten in the same commit that pre-confirms, replaces or evicts it, so
 * after a crash the pool is rebuilt with exactly the txs clients were told about.
 *
 * Entries are keyed by their place in the journal (`pool:s<sequence>`), not by hash: a commit's
 * new entries then sit side by side in LMDB's B-tree, on a few pages, and a sub-block's removals
 * empty a few neighbouring pages, where hash keys scattered both over as many pages as entries.
 * Each commit rewrites every page it touches, and on a large data file those pages lie far apart,
 * so fewer pages is what keeps a submission's commit as cheap on a long chain as on a new one.
 * Which keys hold a hash are kept in memory, filled at {@link load} (start-up) and by {@link record}.
 */
export class PoolJournal {
  /** The keys each journaled hash is stored under: one, unless a removal of it failed to commit (see {@link forget}). */
  private readonly keys = new Map<Hex, string[]>();
  /** The next entry's sequence; undefined until the stored entries were looked at. */
  private nextSequence: number | undefined;

  constructor(private readonly storage: Storage) {}

  record(batch: WriteBatch, transaction: PoolTransaction): void {
    this.nextSequence ??= this.sequenceAfterStored();
    const key = recordKeys.poolEntry(this.nextSequence++);
    const entry: JournalEntry = { hash: transaction.hash, raw: bytesToHex(transaction.raw) };
    if (transaction.impersonated) entry.sender = `0x${transaction.sender}`;
    const keys = this.keys.get(transaction.hash);
    if (keys) keys.push(key);
    else this.keys.set(transaction.hash, [key]);
    batch.putRecord(key, entry);
  }

  /**
   * Adds the removal of `hash`'s entries to `batch`. A hash this journal holds no key for (its
   * removal was in a batch that then failed to commit) is tried under the old hash key; an entry
   * left behind that way comes back at start-up, where restore drops it if it no longer applies.
   */
  forget(batch: WriteBatch, hash: Hex): void {
    for (const key of this.keys.get(hash) ?? [recordKeys.poolTransaction(hash)]) batch.deleteRecord(key);
    this.keys.delete(hash);
  }

  /**
   * Every journaled tx's raw bytes, with its hash (and sender, when impersonated), in the order
   * they were journaled (entries of an older data directory, keyed by hash, first). A hash stored
   * twice is returned once (and {@link forget} removes both).
   */
  load(): JournaledTransaction[] {
    const out: JournaledTransaction[] = [];
    this.keys.clear();
    let lastSequence = -1;
    for (const [key, record] of this.storage.recordsWithPrefix<Hex | LegacyImpersonatedRecord | JournalEntry>(recordKeys.poolPrefix)) {
      const loaded = journaled(key, record);
      const sequence = sequenceOf(key);
      if (sequence !== undefined) lastSequence = Math.max(lastSequence, sequence);
      const keys = this.keys.get(loaded.hash);
      if (keys) {
        keys.push(key);
        continue;
      }
      this.keys.set(loaded.hash, [key]);
      out.push(loaded);
    }
    this.nextSequence = lastSequence + 1;
    return out;
  }

  /** The sequence after the highest one stored (for a journal written before {@link load} ran). */
  private sequenceAfterStored(): number {
    let last = -1;
    for (const [key] of this.storage.recordsWithPrefix<unknown>(recordKeys.poolPrefix)) last = Math.max(last, sequenceOf(key) ?? -1);
    return last + 1;
  }
}

/** The transaction a stored entry holds, whichever way it was stored. */
function journaled(key: string, record: Hex | LegacyImpersonatedRecord | JournalEntry): JournaledTransaction {
  if (typeof record === 'string') return { hash: key.slice(recordKeys.poolPrefix.length) as Hex, raw: hexToBytes(record) };
  const hash = 'hash' in record ? record.hash : (key.slice(recordKeys.poolPrefix.length) as Hex);
  if (record.sender === undefined) return { hash, raw: hexToBytes(record.raw) };
  return { hash, raw: hexToBytes(record.raw), impersonatedSender: hexToBytes(record.sender) };
}

/** What every `pool:s…` key starts with. */
const SEQUENCE_KEY_PREFIX = recordKeys.poolEntry(0).slice(0, recordKeys.poolPrefix.length + 1);

/** The sequence of a `pool:s…` key, or undefined for a key by hash. */
function sequenceOf(key: string): number | undefined {
  return key.startsWith(SEQUENCE_KEY_PREFIX) ? Number.parseInt(key.slice(SEQUENCE_KEY_PREFIX.length), 16) : undefined;
}
