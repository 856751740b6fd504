import type { Common } from '@ethereumjs/common';
import type { ChainSpec } from '../config/ChainSpec.js';
import { type Compatibility, estimatesUncoveredValue } from '../config/compatibility.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { ScheduledCommon } from '../config/ScheduledCommon.js';
import type { EventBus } from '../events/EventBus.js';
import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import type { ForkSource } from '../execution/fork/ForkSource.js';
import type { ForkAccessSettings } from '../execution/fork/openForkPoint.js';
import type { SimulatedL1 } from '../execution/opStack/SimulatedL1.js';
import type { StateReader } from '../execution/StateReader.js';
import type { VmPool } from '../execution/VmPool.js';
import type { RpcBackend } from '../rpc/backend.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { ViewSource } from '../sequencer/ChainViews.js';
import type { Clock } from '../sequencer/Clock.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { StateEditPort } from '../sequencer/StateEdit.js';
import { BlockSelection } from '../services/BlockSelection.js';
import { BlockQueries } from '../services/blocks/BlockQueries.js';
import { RawChainQueries } from '../services/blocks/RawChainQueries.js';
import { TestBlockBuilder } from '../services/blocks/TestBlockBuilder.js';
import { ChainConfigQueries } from '../services/ChainConfigQueries.js';
import { CallQueries } from '../services/calls/CallQueries.js';
import type { CallLogging } from '../services/dev/CallLogging.js';
import { DevNodeInfo } from '../services/dev/DevNodeInfo.js';
import { DevStateEdits } from '../services/dev/DevStateEdits.js';
import { Impersonation } from '../services/dev/Impersonation.js';
import { MiningControl } from '../services/dev/MiningControl.js';
import { miningIntake } from '../services/dev/miningIntake.js';
import { PoolControl } from '../services/dev/PoolControl.js';
import { SnapshotControl } from '../services/dev/SnapshotControl.js';
import { StateDumps } from '../services/dev/StateDumps.js';
import { TimeControl } from '../services/dev/TimeControl.js';
import { FeeQueries } from '../services/fees/FeeQueries.js';
import { FilterManager } from '../services/filters/FilterManager.js';
import { ForkControl } from '../services/fork/ForkControl.js';
import { ForkedBlockQueries } from '../services/fork/ForkedBlockQueries.js';
import { ForkedLogQueries } from '../services/fork/ForkedLogQueries.js';
import { ForkedStateQueries } from '../services/fork/ForkedStateQueries.js';
import { ForkHistory } from '../services/fork/ForkHistory.js';
import { RemoteBlockReplays } from '../services/fork/RemoteBlockReplays.js';
import { LogQueries } from '../services/logs/LogQueries.js';
import { NodeInfo } from '../services/NodeInfo.js';
import { PreconfirmationProofs } from '../services/preconfirmations/PreconfirmationProofs.js';
import { PreconfirmationQueries } from '../services/preconfirmations/PreconfirmationQueries.js';
import type { SequencerIdentity } from '../services/preconfirmations/SequencerIdentity.js';
import { SimulationService } from '../services/simulate/SimulationService.js';
import { ProofService } from '../services/state/ProofService.js';
import { StateQueries } from '../services/state/StateQueries.js';
import { PreconfirmedPayloads } from '../services/subscriptions/PreconfirmedPayloads.js';
import { Subscriptions } from '../services/subscriptions/Subscriptions.js';
import { TraceService } from '../services/traces/TraceService.js';
import { DevKeyring } from '../services/transactions/DevKeyring.js';
import { TransactionService } from '../services/transactions/TransactionService.js';
import { TxPoolQueries } from '../services/txpool/TxPoolQueries.js';
import type { Storage } from '../storage/Storage.js';
import type { PoolRemoval } from '../txpool/PoolRemoval.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import type { TxPool } from '../txpool/TxPool.js';

/** The chain's Common with its fork schedule (config/commonOfChain.ts always builds one). */
function scheduledCommon(common: Common): ScheduledCommon {
  if (!(common instanceof ScheduledCommon)) throw new Error('the chain Common has no fork schedule');
  return common;
}

/** The tip eth_maxPriorityFeePerGas suggests: 1 gwei, like Hardhat and Anvil. */
const SUGGESTED_TIP = 1_000_000_000n;

/** The ports the read side and the submission path are built on. */
export interface RpcBackendPorts {
  config: NodeConfig;
  /** How the node presents itself (`--compat`, resolved): its client version, estimates, and in instant mining its failed sends. */
  compatibility: Compatibility;
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
  /** Main-thread VMs, for the dev methods that run a view call on the pending state (ERC-20 slot probing). */
  vms: VmPool;
  /** Runs calls, estimates, access lists and traces off the main thread, fairly between clients. */
  callExecutor: CallExecutor;
  clock: Clock;
  devKeys: Map<string, Uint8Array>;
  /** Fork mode: the fork beneath the chain, how it reads its remote, and the dev balances a re-fork funds. */
  fork?: { source: ForkSource; settings: ForkAccessSettings; allocations: Array<{ address: string; balance: bigint }> };
  /** The sequencer, for the dev methods that drive it (mining, time, snapshots) and instant mining's wait. */
  sequencer: Sequencer;
  /** The sequencer's port for the dev methods' state edits. */
  stateEdits: StateEditPort;
  /** Pool removals on request (anvil_dropTransaction …), journal included. */
  poolRemoval: PoolRemoval;
  /** Whether RPC calls are logged at info (--log-rpc; anvil_setLoggingEnabled). */
  callLogging: CallLogging;
  /** An OP Stack chain's simulated L1, whose fees the dev methods set (sequin_setL1BaseFee …); none on Ethereum. */
  l1?: SimulatedL1;
  /** The geth genesis file's spec the chain runs (eth_config, testing_buildBlockV1); undefined for Sequin's own chain. */
  chainSpec?: ChainSpec;
  /** Who signs the chain's sub-block commitments (sequin_sequencer). */
  sequencerIdentity: SequencerIdentity;
}

/**
 * Wires the services of src/services/ into the RpcBackend the methods see. Nothing here decides
 * anything: each service gets only the ports it reads (a chain view source, block selection, the
 * pool, the intake), never the parts that write chain or state.
 */
export function createRpcBackend(ports: RpcBackendPorts): { backend: RpcBackend; stateDumps: StateDumps; close: () => Promise<void> } {
  const { config, common, storage, views, events, pool } = ports;
  const history = ports.fork && new ForkHistory(ports.fork.source, views);
  const selection = new BlockSelection(storage, history);
  const blocks = new BlockQueries(views, selection, pool);
  const state = new StateQueries(views, selection, pool, new ProofService(views, selection, storage));
  const { compatibility } = ports;
  const calls = new CallQueries(views, selection, {
    common,
    executor: ports.callExecutor,
    gasCap: config.rpcGasCap,
    cacheEntries: config.rpcCallCache,
    coverUncoveredValue: estimatesUncoveredValue(compatibility),
  });
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
  const forkControl = new ForkControl(ports.fork && { ...ports.fork, chainId: config.chainId, sequencer: ports.sequencer });
  const logs = new LogQueries(views, filters, logLimits);
  const node = new NodeInfo({ chainId: config.chainId, version: ports.version, compatibility });
  const fees = new FeeQueries(views, selection, common, SUGGESTED_TIP);
  const impersonation = new Impersonation();
  const stateDumps = new StateDumps({ views, storage, port: ports.stateEdits });
  const proofs = new PreconfirmationProofs(config.chainId);
  const preconfirmations = new PreconfirmationQueries(views, ports.sequencerIdentity, proofs, events);
  const backend: RpcBackend = {
    node,
    blocks: history ? new ForkedBlockQueries(blocks, history) : blocks,
    fees,
    state: history ? new ForkedStateQueries(state, history) : state,
    calls,
    traces: new TraceService({
      common,
      views,
      blocks: selection,
      executor: ports.callExecutor,
      rpcGasCap: config.rpcGasCap,
      traceMaxBytes: config.rpcTraceMaxBytes,
      ...(history ? { history: new RemoteBlockReplays(history, common) } : {}),
    }),
    raw: new RawChainQueries(views, selection, pool),
    simulation: new SimulationService({
      common,
      storage,
      views,
      blocks: selection,
      gasCap: config.rpcGasCap,
      timeoutMs: config.rpcEvmTimeoutMs > 0 ? config.rpcEvmTimeoutMs : Number.POSITIVE_INFINITY,
      ...(ports.l1 ? { opening: { l1: ports.l1 } } : {}),
    }),
    transactions: new TransactionService({
      common,
      chainId: config.chainId,
      intake: miningIntake(ports.intake, ports.sequencer, { reportFailedTransactions: compatibility === 'hardhat' }),
      pool,
      views,
      events,
      blocks,
      state,
      calls,
      accounts: new DevKeyring(ports.devKeys),
      impersonation,
      suggestedTip: SUGGESTED_TIP,
      sendSync: { defaultTimeoutMs: config.sendSyncTimeoutMs, maxTimeoutMs: config.sendSyncMaxTimeoutMs },
      preconfirmations,
    }),
    txpool: new TxPoolQueries(pool, ports.world),
    logs: history ? new ForkedLogQueries(logs, history, views) : logs,
    subscriptions: new Subscriptions({
      events,
      views,
      payloads: new PreconfirmedPayloads(),
      proofs,
      commitmentsSigned: () => ports.sequencerIdentity.address !== undefined,
    }),
    mining: new MiningControl({ sequencer: ports.sequencer, blocks, preconfIntervalMs: config.preconfIntervalMs, ...(ports.l1 ? { l1: ports.l1 } : {}) }),
    time: new TimeControl(ports.sequencer, () => ports.clock.now()),
    snapshots: new SnapshotControl(ports.sequencer, views, forkControl),
    dev: {
      state: new DevStateEdits({ port: ports.stateEdits, views, selection, common, use: (work) => ports.vms.use(work), gasCap: config.rpcGasCap }),
      impersonation,
      dumps: stateDumps,
      pool: new PoolControl(ports.poolRemoval),
      info: new DevNodeInfo({
        common,
        chainId: config.chainId,
        clientVersion: node.clientVersion(),
        version: ports.version,
        views,
        selection,
        state,
        gasPrice: () => fees.gasPrice(),
        fork: () => forkControl.info(),
        forkedNetwork: () => forkControl.network(),
      }),
      logging: ports.callLogging,
    },
    fork: forkControl,
    chainConfig: new ChainConfigQueries({ views, common: scheduledCommon(common), spec: ports.chainSpec, chainId: config.chainId }),
    preconfirmations,
    testBlocks: new TestBlockBuilder({
      common,
      storage,
      views,
      pool,
      selection,
      gasLimit: config.blockGasLimit,
      stepGasLimit: ports.chainSpec !== undefined,
      ...(ports.l1 ? { opening: { l1: ports.l1 } } : {}),
    }),
  };
  return {
    backend,
    stateDumps,
    close: async () => {
      filters.close();
      await Promise.all([ports.callExecutor.close(), ports.intake.close()]);
    },
  };
}
