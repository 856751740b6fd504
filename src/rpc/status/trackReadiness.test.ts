import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../errors/StorageUnavailableError.js';
import { EventBus } from '../../events/EventBus.js';
import type { Hex } from '../../primitives/hex.js';
import type { StorageHealth } from '../../storage/StorageHealth.js';
import { trackReadiness } from './trackReadiness.js';

/** The sealed-block event's summary fields, and mining-mode changes. */
type ChainEvents = {
  sealedBlock: { number: bigint; hash: Hex; transactionHashes: Hex[] };
  miningMode: { mode: { kind: string; blockTimeMs?: number } };
};

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

  it('is not ready while storage refuses writes, says why and since when, and is not "stalled" right after', () => {
    const events = new EventBus<ChainEvents>();
    const clock = { ms: 0 };
    let storage: StorageHealth = { writable: true, sinceMs: 0 };
    const readiness = trackReadiness({ events, blockTimeMs: 2000, now: () => clock.ms, head: () => 3, storage: () => storage });
    readiness.serving();
    clock.ms = 1_000;
    storage = { writable: false, sinceMs: 1_000, error: new StorageUnavailableError({ kind: 'noSpace' }, { directory: '/data' }) };
    clock.ms = 31_000;
    expect(readiness.readiness()).toEqual({
      ready: false,
      reason: 'storage unavailable: no space left on device for 30 s; writes are refused and sequencing is paused',
    });
    // Writable again: sequencing was paused, not stalled, so the stall clock restarts.
    storage = { writable: true, sinceMs: 31_000 };
    clock.ms = 32_000;
    expect(readiness.readiness()).toEqual({ ready: true, head: 3 });
    clock.ms = 42_000;
    expect(readiness.readiness()).toEqual({ ready: false, reason: 'sequencer stalled: no block sealed for 42 s' });
  });

  it('sees no stall while the mining mode seals only when asked (instant, manual), and counts afresh when interval mining starts', () => {
    const events = new EventBus<ChainEvents>();
    const clock = { ms: 0 };
    const readiness = trackReadiness({ events, blockTimeMs: undefined, now: () => clock.ms, head: () => 3 });
    readiness.serving();
    clock.ms = 600_000;
    expect(readiness.readiness()).toEqual({ ready: true, head: 3 });
    events.emit('miningMode', { mode: { kind: 'interval', blockTimeMs: 2000 } });
    clock.ms = 610_000;
    expect(readiness.readiness().ready).toBe(true);
    clock.ms = 611_000;
    expect(readiness.readiness()).toEqual({ ready: false, reason: 'sequencer stalled: no block sealed for 11 s' });
    events.emit('miningMode', { mode: { kind: 'manual' } });
    expect(readiness.readiness().ready).toBe(true);
  });
});
