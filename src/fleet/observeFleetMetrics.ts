import type { NodeMetrics } from '../rpc/metrics/NodeMetrics.js';
import type { FleetMember, FleetState } from './FleetMember.js';

const STATES: readonly FleetState[] = ['following', 'taking over', 'sequencing', 'stopped'];

/** Registers a fleet node's metrics, read when scraped: log position and lag, forwarded calls, lease and state. */
export function observeFleetMetrics(metrics: NodeMetrics, member: FleetMember): void {
  metrics.gaugeOnScrape('sequin_fleet_log_position', 'Last message of the sequencer log this node applied or appended', [], () => [
    [{}, member.follower.applied],
  ]);
  metrics.gaugeOnScrape('sequin_fleet_lag_messages', 'Log messages published but not yet applied here (0 while sequencing)', [], () => [
    [{}, member.sequencing ? 0 : member.follower.lag.messages],
  ]);
  metrics.gaugeOnScrape('sequin_fleet_lag_milliseconds', 'Time from publication to application of the last applied log message', [], () => [
    [{}, member.sequencing ? 0 : member.follower.lag.ms],
  ]);
  metrics.gaugeOnScrape('sequin_fleet_forwarded_calls', 'Calls forwarded to the sequencer since start, by outcome', ['outcome'], () =>
    Object.entries(member.forwarder.counts).map(([outcome, count]) => [{ outcome }, count]),
  );
  metrics.gaugeOnScrape('sequin_fleet_lease_held', '1 while this node holds the sequencer lease', [], () => [[{}, member.leaseHeld ? 1 : 0]]);
  metrics.gaugeOnScrape('sequin_fleet_state', '1 for the state this node is in', ['state'], () =>
    STATES.map((state) => [{ state }, member.state === state ? 1 : 0]),
  );
}
