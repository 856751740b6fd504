import type { DevAccount } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { EventBus } from '../events/EventBus.js';
import { hexToBytes } from '../primitives/hex.js';
import { createLogger, type Logger } from '../primitives/logger.js';
import { buildAccessResolver } from '../rpc/access/buildAccessResolver.js';
import { ALL_METHODS } from '../rpc/allMethods.js';
import type { RpcBackend } from '../rpc/backend.js';
import { NodeMetrics } from '../rpc/metrics/NodeMetrics.js';
import { observeChainMetrics } from '../rpc/metrics/observeChainMetrics.js';
import { createRpcCallObserver } from '../rpc/metrics/rpcCallObserver.js';
import { RpcServer } from '../rpc/server/RpcServer.js';
import { toRpcLogger } from '../rpc/server/toRpcLogger.js';
import { createStatusRoutes } from '../rpc/status/statusRoutes.js';
import { trackReadiness } from '../rpc/status/trackReadiness.js';
import { type HttpServerHandle, startHttpServer } from '../rpc/transports/http.js';
import { InFlightBytes } from '../rpc/transports/InFlightBytes.js';
import { attachWebSocketTransport } from '../rpc/transports/websocket.js';
import { createWebHandler } from '../rpc/web/createWebHandler.js';
import { MULTICALL3_ADDRESS } from '../rpc/web/viemChainFor.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import { type Clock, systemClock } from '../sequencer/Clock.js';
import { buildNodeParts, type NodePartsOptions } from './buildNodeParts.js';
import type { SequencerKey } from './loadSequencerKey.js';
import { chooseNodeRole } from './nodeRole.js';
import { observeExecutionPlacements } from './observeExecutionPlacements.js';
import { dumpStateFile, loadStateFile, stateFilesOf } from './stateFiles.js';

/** Requests of one WebSocket connection answered at once; more wait unread (TCP backpressure). */
const WS_MAX_IN_FLIGHT = 64;

/** A running node. */
export interface SequinNode {
  /** The configuration the node runs with (the chain id of its genesis file, if it has one). */
  config: NodeConfig;
  /** True when the chain comes from a geth genesis file (`--genesis`, or a data directory created with one). */
  fromGenesisFile: boolean;
  url: string;
  port: number;
  accounts: DevAccount[];
  backend: RpcBackend;
  events: EventBus<ChainEvents>;
  /** The node's Prometheus metrics (also served at GET /metrics). */
  metrics: NodeMetrics;
  /**
   * How `/` is served at start: `tiers` true when it is the public tier (a key exists or
   * --public-tier), with the number of keys accepted from configuration and from the database.
   */
  access: { tiers: boolean; configuredKeys: number; storedKeys: number };
  /** The chain id served (in fork mode, the fork's). */
  chainId: bigint;
  /** Fork mode: the remote (redacted URL) and the fork block. */
  fork: { remote: string; number: string; hash: string } | undefined;
  /**
   * Who signs the sub-block commitments: the address, and where this node's key came from (none on a fleet's
   * replica, which serves the fleet sequencer's commitments; its address once learned from the fleet).
   */
  sequencer: { address: string | undefined; key: { source: SequencerKey['source']; path?: string } | undefined };
  /**
   * Stops accepting, answers the requests in flight (for up to --shutdown-timeout), closes the
   * connections, finishes the sub-block in progress, and closes the database. Safe to call twice.
   */
  stop(): Promise<void>;
}

/**
 * Builds and starts a node: opens storage, boots the chain (genesis or recovery), restores
 * the pool from its journal, starts the sequencer, then serves JSON-RPC with the access policy
 * (tiers, keys, rate limits), /ready and /metrics. Throws with a clear message for invalid
 * configuration or a data directory of another chain.
 */
export async function startNode(
  givenConfig: NodeConfig,
  options: { clock?: Clock; logger?: Logger; wrapStorage?: NodePartsOptions['wrapStorage'] } = {},
): Promise<SequinNode> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(givenConfig.logLevel, { format: givenConfig.logFormat });
  const role = await chooseNodeRole(givenConfig, logger);
  const parts = await buildNodeParts(givenConfig, {
    clock,
    logger,
    ...(options.wrapStorage ? { wrapStorage: options.wrapStorage } : {}),
    ...role.partsOptions,
  });
  const {
    config,
    fromGenesisFile,
    accounts,
    storage,
    storageHealth,
    events,
    pool,
    sequencer,
    backend,
    stateDumps,
    callLogging,
    closeBackend,
    createdGenesis,
    restoredTxs,
    fork,
  } = parts;
  try {
    const running = await role.join(parts);
    const stateFiles = stateFilesOf(config);
    const loadedAccounts = await loadStateFile(stateFiles, stateDumps);
    if (loadedAccounts !== undefined) logger.info('loaded state file', { file: stateFiles.load?.path, accounts: loadedAccounts });
    const metrics = new NodeMetrics();
    const stopChainMetrics = observeChainMetrics(metrics, events, pool);
    metrics.headBlock.set(sequencer.views.current().headNumber);
    observeExecutionPlacements(metrics, parts.callExecutor);
    const { access, keys } = buildAccessResolver(config, storage, (reason, tier) => metrics.rejectedRequests.inc({ reason, tier }));
    const { mode } = sequencer;
    const readiness = trackReadiness({
      events,
      blockTimeMs: mode.kind === 'interval' ? mode.blockTimeMs : undefined,
      now: () => clock.now(),
      head: () => sequencer.views.current().headNumber,
      storage: storageHealth,
    });
    const rpc = new RpcServer({
      methods: running.methods(ALL_METHODS),
      backend,
      maxBatchLength: config.maxBatchLength,
      maxBatchResponseBytes: config.maxBatchResponseBytes,
      maxNestingDepth: config.maxNestingDepth,
      requestTimeoutMs: config.rpcTimeoutMs,
      logger: toRpcLogger(logger),
      observer: createRpcCallObserver(metrics, logger, { logRpc: callLogging }),
      errorDialect: parts.compatibility === 'hardhat' ? 'hardhat' : 'geth',
    });
    const inFlight = new InFlightBytes(config.maxInflightBytes);
    running.observeMetrics(metrics);
    const statusRoutes = createStatusRoutes({ metrics, access, readiness: running.readiness(readiness.readiness) });
    const multicall3 = hexToBytes(MULTICALL3_ADDRESS);
    const webPages = createWebHandler({
      config: parts.config,
      accounts,
      hasMulticall3: () => backend.state.getCode(multicall3, { kind: 'tag', tag: 'latest' }).length > 0,
      chainRules: () => ({ ...backend.chainConfig.rules(), compat: parts.compatibility, clientVersion: backend.node.clientVersion() }),
      sequencer: () => parts.sequencerIdentity.address,
    });
    await running.start(rpc);
    let http: HttpServerHandle;
    try {
      http = await startHttpServer({
        host: config.host,
        port: config.port,
        rpc,
        maxBodyBytes: config.maxBodyBytes,
        positions: running.readPositions(),
        readTimeoutMs: config.httpReadTimeoutMs,
        inFlight,
        logger: toRpcLogger(logger),
        authorize: access.authorize,
        getHandler: async (request, response) => (await statusRoutes(request, response)) || webPages(request, response),
      });
    } catch (error) {
      stopChainMetrics();
      await running.stop();
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`cannot listen on ${config.host}:${config.port}: the address is already in use (another node running?); choose another --port`);
      }
      throw error;
    }
    const websocket = attachWebSocketTransport({
      server: http.server,
      rpc,
      logger: toRpcLogger(logger),
      limits: { ...config.ws, maxMessageBytes: config.maxBodyBytes, maxInFlight: WS_MAX_IN_FLIGHT },
      authorize: access.authorize,
      reauthorize: access.reauthorize,
      accessVersion: access.version,
      inFlight,
      onConnectionCountChange: (open) => metrics.wsConnections.set(open),
      onSlowConsumerDropped: () => metrics.wsDroppedConsumers.inc(),
      onWriteBusy: (ms) => metrics.wsWriteSeconds.inc(ms / 1000),
    });
    readiness.serving();
    logger.info(createdGenesis ? 'created genesis block' : 'resumed chain', {
      head: sequencer.views.current().headNumber,
      preconfirmedTxs: sequencer.openBlock.transactions.length,
      pooledTxs: restoredTxs.restored,
      droppedTxs: restoredTxs.dropped,
      storage: config.ephemeral ? 'memory' : config.dataDir,
      sequencer: parts.sequencerIdentity.address,
    });
    const counts = keys.counts();
    let stopping: Promise<void> | undefined;
    return {
      config,
      fromGenesisFile,
      url: http.url,
      port: http.port,
      accounts,
      backend,
      events,
      metrics,
      access: { tiers: access.tiersApply(), configuredKeys: counts.configured, storedKeys: counts.stored },
      chainId: parts.config.chainId,
      fork: fork && { remote: fork.source.remote.remote, number: fork.source.current.anchor.number, hash: fork.source.current.anchor.hash },
      sequencer: {
        address: parts.sequencerIdentity.address,
        key: parts.sequencerKey && { source: parts.sequencerKey.source, ...(parts.sequencerKey.path ? { path: parts.sequencerKey.path } : {}) },
      },
      stop: () => {
        stopping ??= (async () => {
          readiness.stopping();
          // The sequencer runs on while in-flight requests are answered: some wait for it (eth_sendRawTransactionSync).
          await Promise.all([http.drain(config.shutdownTimeoutMs), websocket.drain(config.shutdownTimeoutMs)]);
          await websocket.close();
          await http.close();
          stopChainMetrics();
          await running.stop();
          try {
            dumpStateFile(stateFiles, stateDumps);
          } catch (error) {
            logger.error('could not write the state file', { file: stateFiles.dump, error });
          }
          await closeBackend();
          await storage.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
}
