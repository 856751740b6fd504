import { describe, expect, it } from 'vitest';
import type { Readiness } from '../rpc/status/statusRoutes.js';
import type { FleetMember } from './FleetMember.js';
import { fleetReadiness } from './fleetReadiness.js';
import type { FollowerLag } from './LogFollower.js';

const BLOCK_TIME_MS = 2_000;
const ownReady = (): Readiness => ({ ready: true, head: 7 });

/** A replica as /ready sees it: following, at `applied`, with the lag of its last applied message. */
function replica(lag: FollowerLag): FleetMember {
  return { role: 'replica', state: 'following', sequencing: false, follower: { lag, applied: 42, failure: undefined } } as unknown as FleetMember;
}

describe('fleetReadiness', () => {
  it('is not ready while messages wait and the last one applied arrived more than one block time late', () => {
    const readiness = fleetReadiness(replica({ messages: 3, ms: 5_400 }), BLOCK_TIME_MS, ownReady)();
    expect(readiness).toEqual({
      ready: false,
      reason: 'behind the sequencer log by 5400 ms',
      details: { role: 'replica', state: 'following', position: 42, lagMessages: 3, lagMs: 5400 },
    });
  });

  it('is ready once nothing waits, even when the last message applied (after a catch-up) was old', () => {
    const readiness = fleetReadiness(replica({ messages: 0, ms: 5_400 }), BLOCK_TIME_MS, ownReady)();
    expect(readiness).toEqual({ ready: true, head: 7, details: { role: 'replica', state: 'following', position: 42, lagMessages: 0, lagMs: 5400 } });
  });

  it('is ready while messages wait but arrive within a block time', () => {
    expect(fleetReadiness(replica({ messages: 2, ms: 150 }), BLOCK_TIME_MS, ownReady)().ready).toBe(true);
  });
});
