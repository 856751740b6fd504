import { describeStorageProblem } from '../../errors/StorageUnavailableError.js';
import type { EventSource } from '../../events/EventBus.js';
import type { StorageHealth } from '../../storage/StorageHealth.js';
import type { Readiness } from './statusRoutes.js';

/** The one event readiness follows. */
export type ReadinessEvents = { sealedBlock: unknown };

/**
 * Tracks what GET /ready reports: not ready until `serving()` (chain loaded, sequencer started,
 * HTTP bound), not ready again once `stopping()`, not ready while storage refuses writes (full
 * or failing disk: the reason says which, and since when), and not ready while the sequencer is
 * stalled: it seals a block every `blockTimeMs` even when idle, so no seal for five block times
 * (at least 10 s) means it has stopped making progress. The stall clock restarts when storage
 * turns writable again (the sequencer was paused, not stalled).
 */
export function trackReadiness(options: {
  events: EventSource<ReadinessEvents>;
  blockTimeMs: number;
  now: () => number;
  head: () => number;
  /** Whether storage accepts writes. Default: always. */
  storage?: () => StorageHealth;
}) {
  const stallAfterMs = Math.max(10_000, 5 * options.blockTimeMs);
  let state: 'starting' | 'serving' | 'stopping' = 'starting';
  let lastSealAt = options.now();
  const off = options.events.on('sealedBlock', () => {
    lastSealAt = options.now();
  });
  return {
    serving() {
      state = 'serving';
      lastSealAt = options.now();
    },
    stopping() {
      state = 'stopping';
      off();
    },
    readiness(): Readiness {
      if (state !== 'serving') return { ready: false, reason: state };
      const storage = options.storage?.();
      if (storage && !storage.writable) {
        const forSeconds = Math.round((options.now() - storage.sinceMs) / 1000);
        return {
          ready: false,
          reason: `storage unavailable: ${describeStorageProblem(storage.error.problem)} for ${forSeconds} s; writes are refused and sequencing is paused`,
        };
      }
      const sinceProgress = options.now() - Math.max(lastSealAt, storage?.sinceMs ?? 0);
      if (sinceProgress > stallAfterMs)
        return { ready: false, reason: `sequencer stalled: no block sealed for ${Math.round((options.now() - lastSealAt) / 1000)} s` };
      return { ready: true, head: options.head() };
    },
  };
}
