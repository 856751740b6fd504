import { DiscardPolicy, type JetStreamClient, type JetStreamManager, jetstreamManager, StorageType, type StreamInfo } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import { natsServers } from '../config/natsServers.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { Logger } from '../primitives/logger.js';

/** A node's connection to its fleet's NATS cluster, and the names of the fleet's stream, subjects and buckets. */
export interface FleetConnection {
  connection: NatsConnection;
  client: JetStreamClient;
  manager: JetStreamManager;
  /** The stream holding the sequencer's log. */
  stream: string;
  /** The subject the log is published on. */
  logSubject: string;
  /** The subject forwarded writes are sent to. */
  writeSubject: string;
  /** The lease bucket (entries expire after {@link leaseTtlMs}). */
  leases: KV;
  /** Facts of the chain every node must share (its genesis). */
  chainFacts: KV;
  leaseTtlMs: number;
}

/**
 * Connects to the `--nats` cluster and makes sure the fleet's stream and buckets exist. Names
 * carry the chain id, so fleets of several chains can share a cluster. The stream and buckets
 * keep one copy per server listed, up to three (R3 on a 3-node cluster): an entry is
 * acknowledged once a majority of them holds it.
 */
export async function connectFleet(config: NodeConfig, logger: Logger): Promise<FleetConnection> {
  const servers = natsServers(config.nats);
  const replicas = Math.min(3, servers.length);
  const connection = await connect({ servers, name: `sequin-${config.role}`, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
  const manager = await jetstreamManager(connection);
  const chain = config.chainId.toString();
  const stream = `SEQUIN_${chain}`;
  const logSubject = `sequin.${chain}.log`;
  await ensureStream(
    manager,
    {
      name: stream,
      subjects: [logSubject],
      num_replicas: replicas,
      storage: StorageType.File,
      ...logRetention(config),
    },
    logger,
  );
  // A holder that misses renewals for one block time loses the lease: a standby then sequences within two.
  const leaseTtlMs = Math.max(1000, config.blockTimeMs);
  const kvm = new Kvm(connection);
  const leases = await kvm.create(`sequin-${chain}-lease`, { history: 1, ttl: leaseTtlMs, replicas });
  const chainFacts = await kvm.create(`sequin-${chain}-chain`, { history: 1, replicas });
  logger.info('connected to NATS', { servers: servers.length, stream, replicas });
  return { connection, client: manager.jetstream(), manager, stream, logSubject, writeSubject: `sequin.${chain}.write`, leases, chainFacts, leaseTtlMs };
}

/** The stream's retention from `--nats-log-max-age` and `--nats-log-max-bytes` (JetStream: nanoseconds, bytes; 0 and -1 mean none). */
export function logRetention(config: Pick<NodeConfig, 'natsLogMaxAgeMs' | 'natsLogMaxBytes'>): { max_age: number; max_bytes: number; discard: DiscardPolicy } {
  return {
    max_age: nanos(config.natsLogMaxAgeMs),
    max_bytes: config.natsLogMaxBytes === 0 ? -1 : config.natsLogMaxBytes,
    // The oldest messages go, never a new one: the sequencer's appends must not fail for space.
    discard: DiscardPolicy.Old,
  };
}

/**
 * Creates the log's stream, or brings an existing one's retention to this node's settings (the
 * last node started with other limits sets them for the fleet, and says so in its log).
 */
async function ensureStream(
  manager: JetStreamManager,
  config: { name: string; subjects: string[]; num_replicas: number; storage: StorageType; max_age: number; max_bytes: number; discard: DiscardPolicy },
  logger: Logger,
): Promise<void> {
  let existing: StreamInfo;
  try {
    existing = await manager.streams.info(config.name);
  } catch {
    await manager.streams.add(config);
    return;
  }
  const { max_age, max_bytes } = existing.config;
  if (max_age === config.max_age && max_bytes === config.max_bytes) return;
  await manager.streams.update(config.name, { ...existing.config, max_age: config.max_age, max_bytes: config.max_bytes, discard: config.discard });
  logger.warn('changed the fleet log retention', {
    stream: config.name,
    from: { maxAge: max_age, maxBytes: max_bytes },
    to: { maxAge: config.max_age, maxBytes: config.max_bytes },
  });
}
