import type { Common } from '@ethereumjs/common';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { EventBus } from '../events/EventBus.js';
import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import type { StateReader } from '../execution/StateReader.js';
import type { RpcBackend } from '../rpc/backend.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { ViewSource } from '../sequencer/ChainViews.js';
import type { Clock } from '../sequencer/Clock.js';
import { BlockSelection, type ChainBlockSettings } from '../services/BlockSelection.js';
import { BlockQueries } from '../services/blocks/BlockQueries.js';
import { CallQueries } from '../services/calls/CallQueries.js';
import { FeeQueries } from '../services/fees/FeeQueries.js';
import { FilterManager } from '../services/filters/FilterManager.js';
import { LogQueries } from '../services/logs/LogQueries.js';
import { NodeInfo } from '../services/NodeInfo.js';
import { ProofService } from '../services/state/ProofService.js';
import { StateQueries } from '../services/state/StateQueries.js';
import { PreconfirmedPayloads } from '../services/subscriptions/PreconfirmedPayloads.js';
import { Subscriptions } from '../services/subscriptions/Subscriptions.js';
import { TraceService } from '../services/traces/TraceService.js';
import { TransactionService } from '../services/transactions/TransactionService.js';
import { TxPoolQueries } from '../services/txpool/TxPoolQueries.js';
import type { Storage } from '../storage/Storage.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import type { TxPool } from '../txpool/TxPool.js';

/** The tip eth_maxPriorityFeePerGas suggests: 1 gwei, like Hardhat and Anvil. */
const SUGGESTED_TIP = 1_000_000_000n;

/** The ports the read side and the submission path are built on. */
export interface RpcBackendPorts {
  config: NodeConfig;
  common: Common;
  version: string;
  /** Read-only use: historical state by version, trie nodes for proofs. */
  storage: Storage;
  views: ViewSource;
  events: EventBus<ChainEvents>;
  pool: TxPool;
  /** The pre-confirmed state the pool checks against (txpool_* classify by it). */
  world: StateReader;
  intake: TransactionIntake;
  blockSettings: ChainBlockSettings;
  /** Runs calls, estimates, access lists and traces off the main thread, fairly between clients. */
  callExecutor: CallExecutor;
  clock: Clock;
  devKeys: Map<string, Uint8Array>;
}

/**
 * Wires the services of src/services/ into the RpcBackend the methods see. Nothing here decides
 * anything: each service gets only the ports it reads (a chain view source, block selection, the
 * pool, the intake), never the parts that write chain or state.
 */
export function createRpcBackend(ports: RpcBackendPorts): { backend: RpcBackend; close: () => Promise<void> } {
  const { config, common, storage, views, events, pool } = ports;
  const selection = new BlockSelection(storage, ports.blockSettings);
  const blocks = new BlockQueries(views, selection, pool, ports.blockSettings);
  const state = new StateQueries(views, selection, pool, new ProofService(views, selection, storage));
  const calls = new CallQueries(views, selection, { executor: ports.callExecutor, gasCap: config.rpcGasCap, cacheEntries: config.rpcCallCache });
  const logLimits = { blockRange: config.rpcLogsBlockRange, maxResults: config.rpcLogsMaxResults };
  const filters = new FilterManager({
    views,
    events,
    now: () => ports.clock.now(),
    timeoutMs: config.rpcFilterTimeoutMs,
    maxFiltersPerClient: config.rpcFiltersPerClient,
    limits: logLimits,
    transactionByHash: (hash) => blocks.getTransactionByHash(hash),
  });
  const backend: RpcBackend = {
    node: new NodeInfo({ chainId: config.chainId, version: ports.version }),
    blocks,
    fees: new FeeQueries(views, selection, common, SUGGESTED_TIP),
    state,
    calls,
    traces: new TraceService({
      views,
      blocks: selection,
      executor: ports.callExecutor,
      rpcGasCap: config.rpcGasCap,
      traceMaxBytes: config.rpcTraceMaxBytes,
    }),
    transactions: new TransactionService({
      common,
      chainId: config.chainId,
      intake: ports.intake,
      pool,
      views,
      events,
      blocks,
      state,
      calls,
      devKeys: ports.devKeys,
      suggestedTip: SUGGESTED_TIP,
      sendSync: { defaultTimeoutMs: config.sendSyncTimeoutMs, maxTimeoutMs: config.sendSyncMaxTimeoutMs },
    }),
    txpool: new TxPoolQueries(pool, ports.world),
    logs: new LogQueries(views, filters, logLimits),
    subscriptions: new Subscriptions({ events, views, payloads: new PreconfirmedPayloads() }),
  };
  return {
    backend,
    close: async () => {
      filters.close();
      await ports.callExecutor.close();
    },
  };
}
