import { natsServersProblem } from '../natsServers.js';
import { choice, optionalText, optionalWholeNumber, wholeNumber } from '../settingKinds.js';

/** Scale-out on NATS JetStream: the cluster, this node's role, and how long the fleet's log is kept. */
export const FLEET_SETTINGS = {
  nats: optionalText({
    name: 'nats',
    valueName: 'URL[,URL…]',
    defaultDoc: 'none: one node on its own, as without a fleet',
    allowed: 'comma-separated `nats://host:port` URLs of one NATS cluster',
    check: natsServersProblem,
    doc: 'NATS cluster (JetStream) of a fleet: the sequencer publishes its log there, replicas and a standby follow it; the stream keeps one copy per URL given, up to 3; see [Scale-out and failover on NATS](../guides/scale-out-nats.md)',
  }),
  role: choice({
    name: 'role',
    valueName: 'ROLE',
    choices: ['sequencer', 'replica', 'standby'],
    default: 'sequencer',
    doc: 'with `--nats`: `sequencer` (sequences while it holds the lease, else follows), `replica` (follows the log, serves reads, forwards writes) or `standby` (a replica that takes over when the lease lapses)',
  }),
  // The log is what a follower resumes from: it must outlast the longest time a replica may be down,
  // yet not fill the NATS servers' disks (each keeps a copy).
  natsLogMaxAgeMs: wholeNumber({
    name: 'nats-log-max-age',
    unit: 'ms',
    default: 24 * 60 * 60 * 1000,
    min: 0,
    // 90 days: JetStream takes nanoseconds, which must stay an exact JavaScript number.
    max: 90 * 24 * 60 * 60 * 1000,
    doc: 'with `--nats`: the fleet log (JetStream stream) drops messages older than this; 0 for no age limit. A follower further behind cannot resume (see [Log retention](../guides/scale-out-nats.md#log-retention))',
  }),
  // Unset, the sequencer picks what the NATS servers can hold (fleet/logStreamSize.ts): a given value
  // they cannot hold is refused at start, naming their max_file_store.
  natsLogMaxBytes: optionalWholeNumber({
    name: 'nats-log-max-bytes',
    unit: 'bytes',
    defaultDoc: '`10737418240` (10 GiB), or half of what the NATS servers have room for when that is less',
    min: 0,
    doc: "with `--nats`: the fleet log keeps at most this many bytes per copy, dropping the oldest messages; 0 for no size limit. A value the servers' JetStream store (`max_file_store`) cannot hold is refused at start (see [fleet faults](../guides/fleet-faults.md))",
  }),
};
