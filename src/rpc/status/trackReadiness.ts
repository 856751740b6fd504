import type { EventSource } from '../../events/EventBus.js';
import type { Readiness } from './statusRoutes.js';

/**
 * Tracks what GET /ready reports: not ready until `serving()` (chain loaded, sequencer started,
 * HTTP bound), not ready again once `stopping()`, and not ready while the sequencer is stalled:
 * it seals a block every `blockTimeMs` even when idle, so no seal for five block times (at least
 * 10 s) means it has stopped making progress.
 */
/** The one event readiness follows. */
export type ReadinessEvents = { sealedBlock: unknown };

export function trackReadiness(options: { events: EventSource<ReadinessEvents>; blockTimeMs: number; now: () => number; head: () => number }) {
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
      const sinceSeal = options.now() - lastSealAt;
      if (sinceSeal > stallAfterMs) return { ready: false, reason: `sequencer stalled: no block sealed for ${Math.round(sinceSeal / 1000)} s` };
      return { ready: true, head: options.head() };
    },
  };
}
