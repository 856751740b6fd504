import type { Readiness } from '../rpc/status/statusRoutes.js';
import type { FleetMember } from './FleetMember.js';
import { LogRetentionGapError } from './LogFollower.js';

/**
 * /ready of a fleet node: the node's own readiness, with its role, state, log position and lag;
 * not ready while it cannot apply the log, or while messages wait to be applied and the last one
 * applied took more than one block time to arrive (a load balancer then sends reads to a replica
 * that is current).
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
    // Behind only while messages wait: after a catch-up the last message applied can be old (it
    // waited in the log), yet with nothing left to apply the node is current.
    if (!member.sequencing && lag.messages > 0 && lag.ms > blockTimeMs) {
      return { ready: false, reason: `behind the sequencer log by ${Math.round(lag.ms)} ms`, details };
    }
    return { ...readiness, details };
  };
}
