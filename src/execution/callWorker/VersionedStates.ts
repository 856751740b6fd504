import { CachedStateReader } from '../CachedStateReader.js';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import type { StateReader } from '../StateReader.js';

/** Sealed states kept memoised across jobs: the latest block's (most calls) and its parent's (traces). */
const KEPT_SEALED_STATES = 2;

/**
 * The states jobs read, by storage version. A sealed block's state never changes within a rewind
 * epoch (after evm_revert / anvil_reset a block number may name other contents), so its reader is
 * memoised across jobs by version and epoch (each read costs an LMDB seek and RLP decoding; most
 * calls read the latest block). "pending" (NEWEST_VERSION) moves with every sub-block, so each job gets its own
 * reader of it, shared by everything the job runs (an estimation loop, a block replay), which
 * gives the job one consistent snapshot of what it has read.
 *
 * Code needs no memo here: the readers of stored code (PersistedStateReader, a fork's
 * ForkStateReader) read it through the thread's code cache (sharedCode.ts), so the same code is one
 * object for every job, which also lets the EVM reuse its analysis of it (cacheJumpAnalysis.ts).
 */
export class VersionedStates {
  private sealed: Array<{ version: number; epoch: number; reader: StateReader }> = [];

  constructor(
    /** The state at a sealed version, read from storage. */
    private readonly sealedAt: (version: number) => StateReader,
    /** A reader of the pending state for one job. */
    private readonly pending: () => StateReader,
  ) {}

  /** The state lookup of one job, made in rewind epoch `epoch` (ChainView.epoch). */
  forJob(epoch: number): (version: number) => StateReader {
    let pending: StateReader | undefined;
    return (version) => {
      if (version === NEWEST_VERSION) {
        pending ??= this.pending();
        return pending;
      }
      return this.sealedState(version, epoch);
    };
  }

  private sealedState(version: number, epoch: number): StateReader {
    const kept = this.sealed.find((entry) => entry.version === version && entry.epoch === epoch);
    if (kept) return kept.reader;
    const reader = new CachedStateReader(this.sealedAt(version));
    this.sealed = [{ version, epoch, reader }, ...this.sealed].slice(0, KEPT_SEALED_STATES);
    return reader;
  }
}
