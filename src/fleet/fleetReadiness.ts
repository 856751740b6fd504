import type { Readiness } from '../rpc/status/statusRoutes.js';
import type { FleetMember } from './FleetMember.js';
import { LogRetentionGapError } from './LogFollower.js';

/**
 * /ready of a fleet node: the node's own readiness, with its role, state, log position and lag;
 * not ready while it cannot apply the log, or while it is more than one block time behind it
 * (a load balancer then sends reads to a replica that is current).
 */
export function fleetReadiness(member: FleetMember, blockTimeMs: number, own: () => Readiness): () => Readiness {
  return () => {
    const lag = member.follower.lag;
    const details = {
      role: member.role,
      state: member.state,
      position: member.follower.applied,
      ...(member.sequencing ? {} : { lagMessages: lag.messages, lagMs: Math.round(lag.ms) }),
    };
    const readiness = own();
    if (!readiness.ready) return { ...readiness, details };
    const failure = member.follower.failure;
    if (failure instanceof LogRetentionGapError) return { ready: false, reason: failure.message, details };
    if (failure) return { ready: false, reason: 'cannot apply the sequencer log (see the log)', details };
    if (!member.sequencing && lag.ms > blockTimeMs) return { ready: false, reason: `behind the sequencer log by ${Math.round(lag.ms)} ms`, details };
    return { ...readiness, details };
  };
}
