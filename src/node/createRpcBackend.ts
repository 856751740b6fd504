import type { Common } from '@ethereumjs/common';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { EventBus } from '../events/EventBus.js';
import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import type { SyncRemote } from '../execution/fork/SyncRemote.js';
import type { StateReader } from '../execution/StateReader.js';
import type { VmPool } from '../execution/VmPool.js';
import type { RpcBackend } from '../rpc/backend.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { ViewSource } from '../sequencer/ChainViews.js';
import type { Clock } from '../sequencer/Clock.js';
import { BlockSelection, type ChainBlockSettings } from '../services/BlockSelection.js';
import { BlockQueries } from '../services/blocks/BlockQueries.js';
import { CallQueries } from '../services/calls/CallQueries.js';
import { FeeQueries } from '../services/fees/FeeQueries.js';
import { FilterManager } from '../services/filters/FilterManager.js';
import { ForkControl } from '../services/fork/ForkControl.js';
import { ForkedBlockQueries } from '../services/fork/ForkedBlockQueries.js';
import { ForkedLogQueries } from '../services/fork/ForkedLogQueries.js';
import { ForkedStateQueries } from '../services/fork/ForkedStateQueries.js';
import { ForkHistory } from '../services/fork/ForkHistory.js';
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
  vms: VmPool;
  callExecutor: CallExecutor | undefined;
  clock: Clock;
  devKeys: Map<string, Uint8Array>;
  /** Fork mode: the remote, and the fork block's number. */
  fork?: { remote: SyncRemote; number: bigint };
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
  const calls = new CallQueries(views, selection, { common, vms: ports.vms, executor: ports.callExecutor, gasCap: config.rpcGasCap });
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
  const history = ports.fork && new ForkHistory(ports.fork.remote, ports.fork.number, views);
  const logs = new LogQueries(views, filters, logLimits);
  const backend: RpcBackend = {
    node: new NodeInfo({ chainId: config.chainId, version: ports.version }),
    blocks: history ? new ForkedBlockQueries(blocks, history) : blocks,
    fees: new FeeQueries(views, selection, common, SUGGESTED_TIP),
    state: history ? new ForkedStateQueries(state, history) : state,
    calls,
    traces: new TraceService({ common, storage, views, blocks: selection, vms: ports.vms, rpcGasCap: config.rpcGasCap }),
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
    logs: history ? new ForkedLogQueries(logs, history, views) : logs,
    subscriptions: new Subscriptions({ events, views, payloads: new PreconfirmedPayloads() }),
    fork: new ForkControl(ports.fork),
  };
  return {
    backend,
    close: async () => {
      filters.close();
      await ports.callExecutor?.close();
    },
  };
}
