import { DiscardPolicy, type JetStreamClient, type JetStreamManager, jetstreamManager, StorageType, type StreamInfo } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection, nanos } from '@nats-io/transport-node';
import { natsServers } from '../config/natsServers.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { Logger } from '../primitives/logger.js';
import { DEFAULT_LOG_MAX_BYTES, fittingLogSize, isInsufficientStorage, LogDoesNotFitError, measureStoreRoom } from './logStreamSize.js';

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
  await ensureStream(manager, { name: stream, subjects: [logSubject], num_replicas: replicas, storage: StorageType.File }, config, logger);
  // A holder that misses renewals for one block time loses the lease: a standby then sequences within two.
  const leaseTtlMs = Math.max(1000, config.blockTimeMs);
  const kvm = new Kvm(connection);
  const leases = await kvm.create(`sequin-${chain}-lease`, { history: 1, ttl: leaseTtlMs, replicas });
  const chainFacts = await kvm.create(`sequin-${chain}-chain`, { history: 1, replicas });
  logger.info('connected to NATS', { servers: servers.length, stream, replicas });
  return { connection, client: manager.jetstream(), manager, stream, logSubject, writeSubject: `sequin.${chain}.write`, leases, chainFacts, leaseTtlMs };
}

/** The stream's retention from `--nats-log-max-age` and `--nats-log-max-bytes` (JetStream: nanoseconds, bytes; 0 and -1 mean none), for a log of `maxBytes`. */
export function logRetention(config: Pick<NodeConfig, 'natsLogMaxAgeMs'>, maxBytes: number): { max_age: number; max_bytes: number; discard: DiscardPolicy } {
  return {
    max_age: nanos(config.natsLogMaxAgeMs),
    max_bytes: maxBytes === 0 ? -1 : maxBytes,
    // The oldest messages go, never a new one: the sequencer's appends must not fail for space.
    discard: DiscardPolicy.Old,
  };
}

/** The log stream's fixed part: its name, subject, copies and storage. */
interface LogStream {
  name: string;
  subjects: string[];
  num_replicas: number;
  storage: StorageType;
}

/**
 * Creates the log's stream, or brings an existing one's retention to this node's settings (the
 * last node started with other limits sets them for the fleet, and says so in its log), checking
 * that the NATS servers can hold it:
 *
 *   --nats-log-max-bytes given ──fits──▶ that size
 *                              └─the servers refuse it for storage──▶ refused at start: the flag, max_file_store's room, both values
 *   unset, new stream ──10 GiB fits──▶ 10 GiB
 *                     └─refused for storage──▶ half the servers' room (measured), said in the log
 *   unset, existing stream ──▶ its size stays (whoever created it chose it)
 */
async function ensureStream(
  manager: JetStreamManager,
  stream: LogStream,
  config: Pick<NodeConfig, 'natsLogMaxAgeMs' | 'natsLogMaxBytes'>,
  logger: Logger,
): Promise<void> {
  const existing = await manager.streams.info(stream.name).catch(() => undefined);
  const requested = config.natsLogMaxBytes;
  const size = requested ?? (existing ? Math.max(0, existing.config.max_bytes) : DEFAULT_LOG_MAX_BYTES);
  try {
    await applyRetention(manager, stream, existing, logRetention(config, size), logger);
  } catch (error) {
    if (!isInsufficientStorage(error)) throw error;
    const room = await measureStoreRoom(manager, { name: `${stream.name}_ROOM_PROBE`, subject: `${stream.subjects[0]}.room-probe` }, stream.num_replicas, size);
    if (requested !== undefined || existing || fittingLogSize(room) === 0) throw new LogDoesNotFitError(size, room);
    const fitting = fittingLogSize(room);
    await applyRetention(manager, stream, existing, logRetention(config, fitting), logger);
    logger.warn(
      `the fleet log keeps at most ${fitting} bytes per copy: the NATS servers' max_file_store has room for ${room}, less than the default ${DEFAULT_LOG_MAX_BYTES}; set --nats-log-max-bytes to choose`,
      {
        stream: stream.name,
        maxBytes: fitting,
        serverRoomBytes: room,
      },
    );
  }
}

/** Creates the stream with `retention`, or updates an existing one whose retention differs. */
async function applyRetention(
  manager: JetStreamManager,
  stream: LogStream,
  existing: StreamInfo | undefined,
  retention: ReturnType<typeof logRetention>,
  logger: Logger,
): Promise<void> {
  if (!existing) {
    await manager.streams.add({ ...stream, ...retention });
    return;
  }
  const { max_age, max_bytes } = existing.config;
  if (max_age === retention.max_age && max_bytes === retention.max_bytes) return;
  await manager.streams.update(stream.name, { ...existing.config, ...retention });
  logger.warn('changed the fleet log retention', {
    stream: stream.name,
    from: { maxAge: max_age, maxBytes: max_bytes },
    to: { maxAge: retention.max_age, maxBytes: retention.max_bytes },
  });
}
