import type { EventSource } from '../../events/EventBus.js';
import type { Readiness } from './statusRoutes.js';

/** The events readiness follows: seals, and mining-mode changes (only interval mining seals on its own). */
export type ReadinessEvents = { sealedBlock: unknown; miningMode: { mode: { kind: string; blockTimeMs?: number } } };

/**
 * Tracks what GET /ready reports: not ready until `serving()` (chain loaded, sequencer started,
 * HTTP bound), not ready again once `stopping()`, and not ready while the sequencer is stalled:
 * in interval mining it seals a block every `blockTimeMs` even when idle, so no seal for five
 * block times (at least 10 s) means it has stopped making progress. Instant and manual mining
 * seal only when asked (`blockTimeMs` undefined), so there is no stall to detect; a switch of
 * mode starts the count afresh.
 */
export function trackReadiness(options: { events: EventSource<ReadinessEvents>; blockTimeMs: number | undefined; now: () => number; head: () => number }) {
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
      const sinceSeal = options.now() - lastSealAt;
      if (stallAfterMs !== undefined && sinceSeal > stallAfterMs)
        return { ready: false, reason: `sequencer stalled: no block sealed for ${Math.round(sinceSeal / 1000)} s` };
      return { ready: true, head: options.head() };
    },
  };
}
