import { describe, expect, it } from 'vitest';
import { EventBus } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';
import { trackReadiness } from './trackReadiness.js';

/** The sealed-block event's summary fields. */
type ChainEvents = { sealedBlock: { number: bigint; hash: Hex; transactionHashes: Hex[] } };

describe('trackReadiness', () => {
  it('is ready only between serving and stopping, and not while no block is sealed for five block times', () => {
    const events = new EventBus<ChainEvents>();
    const clock = { ms: 0 };
    const readiness = trackReadiness({ events, blockTimeMs: 4000, now: () => clock.ms, head: () => 12 });
    expect(readiness.readiness()).toEqual({ ready: false, reason: 'starting' });
    readiness.serving();
    expect(readiness.readiness()).toEqual({ ready: true, head: 12 });
    clock.ms = 20_000;
    expect(readiness.readiness().ready).toBe(true);
    clock.ms = 21_000;
    expect(readiness.readiness()).toEqual({ ready: false, reason: 'sequencer stalled: no block sealed for 21 s' });
    events.emit('sealedBlock', { number: 13n, hash: '0x01', transactionHashes: [] });
    expect(readiness.readiness().ready).toBe(true);
    readiness.stopping();
    expect(readiness.readiness()).toEqual({ ready: false, reason: 'stopping' });
  });
});
