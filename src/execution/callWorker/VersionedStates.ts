import { CachedStateReader } from '../CachedStateReader.js';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import type { StateReader } from '../StateReader.js';

/** Sealed states kept memoised across jobs: the latest block's (most calls) and its parent's (traces). */
const KEPT_SEALED_STATES = 2;

/**
 * The states jobs read, by storage version. A sealed block's state never changes, so its reader
 * is memoised across jobs (each read costs an LMDB seek and RLP decoding; most calls read the
 * latest block). "pending" (NEWEST_VERSION) moves with every sub-block, so each job gets its own
 * reader of it, shared by everything the job runs (an estimation loop, a block replay), which
 * gives the job one consistent snapshot of what it has read.
 */
export class VersionedStates {
  private sealed: Array<{ version: number; reader: StateReader }> = [];

  constructor(
    /** The state at a sealed version, read from storage. */
    private readonly sealedAt: (version: number) => StateReader,
    /** A reader of the pending state for one job. */
    private readonly pending: () => StateReader,
  ) {}

  /** The state lookup of one job. */
  forJob(): (version: number) => StateReader {
    let pending: StateReader | undefined;
    return (version) => {
      if (version === NEWEST_VERSION) {
        pending ??= this.pending();
        return pending;
      }
      return this.sealedState(version);
    };
  }

  private sealedState(version: number): StateReader {
    const kept = this.sealed.find((entry) => entry.version === version);
    if (kept) return kept.reader;
    const reader = new CachedStateReader(this.sealedAt(version));
    this.sealed = [{ version, reader }, ...this.sealed].slice(0, KEPT_SEALED_STATES);
    return reader;
  }
}
