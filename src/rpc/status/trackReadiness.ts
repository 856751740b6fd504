import { describeStorageProblem } from '../../errors/StorageUnavailableError.js';
import type { EventSource } from '../../events/EventBus.js';
import type { StorageHealth } from '../../storage/StorageHealth.js';
import type { Readiness } from './statusRoutes.js';

/** The events readiness follows: seals, and mining-mode changes (only interval mining seals on its own). */
export type ReadinessEvents = { sealedBlock: unknown; miningMode: { mode: { kind: string; blockTimeMs?: number } } };

/**
 * Tracks what GET /ready reports: not ready until `serving()` (chain loaded, sequencer started,
 * HTTP bound), not ready again once `stopping()`, not ready while storage refuses writes (full
 * or failing disk: the reason says which, and since when), and not ready while the sequencer is
 * stalled: in interval mining it seals a block every `blockTimeMs` even when idle, so no seal for
 * five block times (at least 10 s) means it has stopped making progress. Instant and manual
 * mining seal only when asked (`blockTimeMs` undefined), so there is no stall to detect; a switch
 * of mode starts the count afresh, and so does storage turning writable again (the sequencer was
 * paused, not stalled).
 */
export function trackReadiness(options: {
  events: EventSource<ReadinessEvents>;
  blockTimeMs: number | undefined;
  now: () => number;
  head: () => number;
  /** Whether storage accepts writes. Default: always. */
  storage?: () => StorageHealth;
}) {
  const stallAfter = (blockTimeMs: number | undefined) => (blockTimeMs === undefined ? undefined : Math.max(10_000, 5 * blockTimeMs));
  let stallAfterMs = stallAfter(options.blockTimeMs);
  let state: 'starting' | 'serving' | 'stopping' = 'starting';
  let lastSealAt = options.now();
  const offSeal = options.events.on('sealedBlock', () => {
    lastSealAt = options.now();
  });
  const offMode = options.events.on('miningMode', ({ mode }) => {
    stallAfterMs = stallAfter(mode.kind === 'interval' ? mode.blockTimeMs : undefined);
    lastSealAt = options.now();
  });
  const off = () => {
    offSeal();
    offMode();
  };
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
      if (stallAfterMs !== undefined && sinceProgress > stallAfterMs)
        return { ready: false, reason: `sequencer stalled: no block sealed for ${Math.round((options.now() - lastSealAt) / 1000)} s` };
      return { ready: true, head: options.head() };
    },
  };
}
