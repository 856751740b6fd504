import type { DevAccount } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { ChainEvents } from '../events/ChainEvents.js';
import type { EventBus } from '../events/EventBus.js';
import { createLogger, type Logger } from '../primitives/logger.js';
import { ALL_METHODS } from '../rpc/methodRegistry.js';
import { RpcServer } from '../rpc/server/RpcServer.js';
import { type HttpServerHandle, startHttpServer } from '../rpc/transports/http.js';
import { attachWebSocketTransport } from '../rpc/transports/websocket.js';
import { type Clock, systemClock } from '../sequencer/Clock.js';
import { buildNodeParts } from './buildNodeParts.js';
import type { NodeBackend } from './NodeBackend.js';
import { toRpcLogger } from './rpcLogger.js';

/** Requests of one WebSocket connection answered at once; more wait unread (TCP backpressure). */
const WS_MAX_IN_FLIGHT = 64;

/** A running node. */
export interface SequinNode {
  url: string;
  port: number;
  accounts: DevAccount[];
  backend: NodeBackend;
  events: EventBus<ChainEvents>;
  /** Stops serving, finishes the sub-block in progress, and closes the database. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Builds and starts a node: opens storage, boots the chain (genesis or recovery), restores
 * the pool from its journal, starts the sequencer, then serves JSON-RPC. Throws with a clear
 * message for invalid configuration or a data directory of another chain.
 */
export async function startNode(config: NodeConfig, options: { clock?: Clock; logger?: Logger } = {}): Promise<SequinNode> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.logLevel);
  const { accounts, storage, chain, events, sequencer, backend, createdGenesis, restoredTxs } = await buildNodeParts(config, { clock, logger });
  try {
    const rpc = new RpcServer({ methods: ALL_METHODS, backend, maxBatchLength: config.maxBatchLength, logger: toRpcLogger(logger) });
    sequencer.start();
    let http: HttpServerHandle;
    try {
      http = await startHttpServer({
        host: config.host,
        port: config.port,
        rpc,
        maxBodyBytes: config.maxBodyBytes,
        logger: toRpcLogger(logger),
        // No API keys exist yet: like Anvil, a local node serves every method to everyone.
        onRequest: (_request, context) => ({ ...context, tier: 'dedicated' }),
      });
    } catch (error) {
      await sequencer.stop();
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
      // No API keys exist yet: like Anvil, a local node serves every method to everyone.
      authorize: (_request, context) => ({ ok: true, context: { ...context, tier: 'dedicated' } }),
    });
    logger.info(createdGenesis ? 'created genesis block' : 'resumed chain', {
      head: chain.head()!.number,
      preconfirmedTxs: sequencer.openBlock.transactions.length,
      pooledTxs: restoredTxs.restored,
      droppedTxs: restoredTxs.dropped,
      storage: config.ephemeral ? 'memory' : config.dataDir,
    });
    let stopping: Promise<void> | undefined;
    return {
      url: http.url,
      port: http.port,
      accounts,
      backend,
      events,
      stop: () => {
        stopping ??= (async () => {
          await websocket.close();
          await http.close();
          await sequencer.stop();
          await backend.close();
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
