import { ChainReader } from '../chain/ChainReader.js';
import { ChainWriter } from '../chain/ChainWriter.js';
import { recordKeys } from '../chain/recordKeys.js';
import { type ChainHardfork, chainHardfork } from '../config/chainHardfork.js';
import { commonOfChain } from '../config/commonOfChain.js';
import { type Compatibility, resolveCompatibility } from '../config/compatibility.js';
import { type DevAccount, deriveDevAccounts } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { predeployAlloc } from '../config/opStack/genesisPredeploys.js';
import { opRulesAt } from '../config/opStack/opRules.js';
import { opStackChainOf } from '../config/opStack/opStackChainOf.js';
import { SEQUENCER_FEE_VAULT } from '../config/opStack/predeployAddresses.js';
import { preinstallAlloc } from '../config/preinstalls.js';
import { sequinVersion } from '../config/sequinVersion.js';
import { validateConfig } from '../config/validateConfig.js';
import { NotLeadingError } from '../errors/NotLeadingError.js';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import { EventBus } from '../events/EventBus.js';
import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import { createExecutionVm } from '../execution/createExecutionVm.js';
import type { ForkSource } from '../execution/fork/ForkSource.js';
import { extraCostIn } from '../execution/opStack/executeWithL1Fee.js';
import { SimulatedL1 } from '../execution/opStack/SimulatedL1.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { VmPool } from '../execution/VmPool.js';
import { WorldState } from '../execution/WorldState.js';
import { hexToBytes } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import type { RpcBackend } from '../rpc/backend.js';
import { BlockParameters } from '../sequencer/BlockParameters.js';
import { BlockProducer } from '../sequencer/BlockProducer.js';
import { bootChain } from '../sequencer/bootChain.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { Clock } from '../sequencer/Clock.js';
import { commitmentSigner } from '../sequencer/CommitmentSigner.js';
import { miningModeOf } from '../sequencer/MiningMode.js';
import { Sequencer } from '../sequencer/Sequencer.js';
import type { SequencerLog } from '../sequencer/SequencerLog.js';
import { CallLogging } from '../services/dev/CallLogging.js';
import type { StateDumps } from '../services/dev/StateDumps.js';
import { SequencerIdentity } from '../services/preconfirmations/SequencerIdentity.js';
import { freeBytesIn } from '../storage/describeWriteFailure.js';
import { GuardedStorage } from '../storage/GuardedStorage.js';
import { MemoryStorage } from '../storage/MemoryStorage.js';
import { openStorage } from '../storage/openStorage.js';
import type { Storage } from '../storage/Storage.js';
import type { StorageHealth } from '../storage/StorageHealth.js';
import { PoolJournal } from '../txpool/PoolJournal.js';
import { PoolRemoval } from '../txpool/PoolRemoval.js';
import { TransactionIntake } from '../txpool/TransactionIntake.js';
import { TxPool } from '../txpool/TxPool.js';
import { checkDataDirNetwork } from './checkDataDirNetwork.js';
import { createCallExecutor } from './createCallExecutor.js';
import { createRpcBackend } from './createRpcBackend.js';
import { loadGethGenesis } from './loadGethGenesis.js';
import { loadSequencerKey, type SequencerKey } from './loadSequencerKey.js';
import { type OpenedFork, openFork } from './openFork.js';

/** Fees go to the zero address: a dev sequencer has no operator account by default. */
export const COINBASE = new Uint8Array(20);

/** Every part of a node except its transports, wired together but not yet running. */
export interface NodeParts {
  /** The configuration the node runs with: the given one, with the chain id of its genesis file if it has one; in fork mode, the fork's chain id and gas limit. */
  config: NodeConfig;
  /** How the node presents itself to tools (`--compat`, with `auto` resolved; config/compatibility.ts). */
  compatibility: Compatibility;
  /** True when the chain comes from a geth genesis file (the dev accounts are funded only if the file funds them). */
  fromGenesisFile: boolean;
  accounts: DevAccount[];
  storage: Storage;
  /** Whether storage accepts writes now (false on a full or failing disk, with the reason). */
  storageHealth: () => StorageHealth;
  chain: ChainReader;
  world: WorldState;
  events: EventBus<ChainEvents>;
  pool: TxPool;
  intake: TransactionIntake;
  /** Built but not started: call `sequencer.start()` (or drive `sequencer.tick()` by hand). */
  sequencer: Sequencer;
  /** The one writer (a fleet's follower applies the sequencer's log through it). */
  producer: BlockProducer;
  backend: RpcBackend;
  /** Runs the backend's calls, estimates, access lists and traces (for its placements in the metrics). */
  callExecutor: CallExecutor;
  /** Whether RPC calls are logged at info level (--log-rpc, switched by anvil_setLoggingEnabled). */
  callLogging: CallLogging;
  /** The state dumps of anvil_dumpState / anvil_loadState, for the --load-state and --dump-state files. */
  stateDumps: StateDumps;
  /** Stops what the backend runs in the background (call workers, filter listeners). */
  closeBackend: () => Promise<void>;
  /** True when this run wrote the genesis block, false when it resumed a stored chain. */
  createdGenesis: boolean;
  /** Fork mode: the remote block the chain started on and the remote access. */
  fork: OpenedFork | undefined;
  /** Journaled pool txs put back in the pool, and those dropped as no longer valid. */
  restoredTxs: { restored: number; dropped: number };
  /** The sequencer key signing sub-block commitments (none on a fleet's replica) and where it came from. */
  sequencerKey: SequencerKey | undefined;
  /** Who signs the chain's commitments: this node's key, or (a replica) the fleet's sequencer, learned on joining. */
  sequencerIdentity: SequencerIdentity;
}

/** Options of {@link buildNodeParts}. */
export interface NodePartsOptions {
  clock: Clock;
  logger: Logger;
  /**
   * Keep storage in this thread's memory instead of LMDB (for --ephemeral, LMDB in RAM): for
   * in-process test chains, which then run calls on this thread. Default false.
   */
  inMemoryStorage?: boolean;
  /** Test seam: wraps the opened storage, e.g. to make its disk fill up (testing/FullDiskStorage.ts). */
  wrapStorage?: (storage: Storage) => Storage;
  /** A fleet's log (fleet/): accepted txs, sub-blocks and seals go there before anyone sees them. */
  log?: SequencerLog;
  /** The fleet's genesis timestamp, so a new node writes the same genesis block. */
  genesisTimestamp?: bigint;
  /** Test and bench seam: the sequencer key, instead of `--sequencer-key`, the data directory's or a new one; null for none (a node that signs nothing). */
  sequencerKey?: Uint8Array | null;
}

/**
 * Builds a node's parts: validates the configuration, opens storage, boots the chain (genesis
 * or recovery), restores the pool from its journal, and wires the sequencer and the backend.
 * Nothing runs yet: the caller starts the sequencer and serves the backend (node/startNode.ts
 * over HTTP; testing/createTestChain.ts in-process). Throws with a clear message for invalid
 * configuration or a data directory of another chain; storage is closed again on failure.
 *
 * Who may write what: the sequencer's BlockProducer alone holds the chain writer and applies
 * state; the intake writes the pool journal; every reader gets the chain reader, the current
 * chain view, or the pool.
 */
export async function buildNodeParts(givenConfig: NodeConfig, options: NodePartsOptions): Promise<NodeParts> {
  let requestedConfig = givenConfig;
  const problems = validateConfig(requestedConfig);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const { clock, logger } = options;
  const accounts = deriveDevAccounts(requestedConfig.mnemonic, requestedConfig.accounts);
  // LMDB (on disk, or in RAM for --ephemeral), which the execution workers open too; or this thread's memory.
  const lmdb = options.inMemoryStorage ? undefined : await openStorage(requestedConfig);
  const opened: Storage = lmdb ?? new MemoryStorage();
  const local = options.wrapStorage?.(opened) ?? opened;
  let fork: OpenedFork | undefined;
  try {
    fork = requestedConfig.forkUrl ? await openFork(requestedConfig, local) : undefined;
    if (!fork && local.getRecord(recordKeys.fork)) throw new Error('the data directory holds a fork; start with --fork-url, or use another --data-dir');
  } catch (error) {
    await local.close().catch(() => {});
    throw error;
  }
  if (fork) {
    // The fork runs with the remote's chain id (or --fork-chain-id) and the fork block's gas limit.
    const { anchor, remote } = fork.source.current;
    requestedConfig = { ...requestedConfig, chainId: BigInt(anchor.chainId), blockGasLimit: BigInt(anchor.gasLimit) };
    logger.info('forking', { remote: remote.remote, block: anchor.number, hash: anchor.hash, chainId: anchor.chainId });
  }
  // Every writer goes through the guard: on a full or failing disk it refuses writes with a clear
  // error and the sequencer pauses, until a probe write succeeds again. In fork mode the guarded
  // storage reads the forked chain's state beneath the local one (execution/fork/ForkedStorage.ts).
  const storage = new GuardedStorage(fork ? fork.storage : local, {
    logger,
    now: () => clock.now(),
    ...(requestedConfig.ephemeral ? {} : { freeBytes: () => freeBytesIn(requestedConfig.dataDir) }),
  });
  try {
    const gethGenesis = loadGethGenesis(requestedConfig.genesis, storage);
    const opStack = gethGenesis === undefined ? opStackChainOf(requestedConfig, fork !== undefined) : undefined;
    const config =
      gethGenesis !== undefined
        ? { ...requestedConfig, chainId: gethGenesis.spec.chainId }
        : opStack
          ? { ...requestedConfig, chainId: opStack.chainId }
          : requestedConfig;
    const hardfork = hardforkOfStoredChain(config, storage, { fromGenesisFile: gethGenesis !== undefined, opStack: opStack !== undefined });
    const rules = {
      ...(hardfork === undefined ? {} : { hardfork }),
      unlimitedCodeSize: config.disableCodeSizeLimit,
      ...(opStack === undefined ? {} : { opStack }),
    };
    const compatibility = resolveCompatibility(config.compat, config.mining);
    const common = commonOfChain(config.chainId, gethGenesis?.spec, rules);
    const sequencerKey: SequencerKey | undefined =
      options.sequencerKey === null
        ? undefined
        : options.sequencerKey
          ? { privateKey: options.sequencerKey, source: 'memory' }
          : loadSequencerKey(options.inMemoryStorage ? { ...config, ephemeral: true } : config);
    const signer = sequencerKey && commitmentSigner(sequencerKey.privateKey, config.chainId);
    const sequencerIdentity = new SequencerIdentity(config.chainId, signer?.address);
    // An OP Stack block's fee recipient is the SequencerFeeVault (the priority fee's vault).
    const coinbase = opStack ? hexToBytes(`0x${SEQUENCER_FEE_VAULT}`) : COINBASE;
    const chain = new ChainReader(storage, { cacheRecent: !options.inMemoryStorage });
    const chainWriter = new ChainWriter(chain);
    const world = new WorldState(storage);
    const trieNodes = new TrieNodeStore(storage);
    const events = new EventBus<ChainEvents>((error) => logger.error('event listener failed', { error }));
    const parameters = new BlockParameters({ gasLimit: config.blockGasLimit, coinbase, common, stepGasLimit: gethGenesis !== undefined });
    const { openBlock, createdGenesis } = await bootChain({
      common,
      storage,
      chain,
      chainWriter,
      world,
      trieNodes,
      parameters,
      now: clock.now(),
      fork: fork && { anchor: fork.source.current.anchor, state: fork.source.state },
      genesis: {
        chainId: config.chainId,
        alloc: new Map([
          ...(opStack ? predeployAlloc(opStack) : []),
          ...(config.preinstalls ? preinstallAlloc(config.chainId) : []),
          ...accounts.map((account) => [account.address, { balance: config.accountBalance, nonce: 0n, code: new Uint8Array(0), storage: new Map() }] as const),
        ]),
        gasLimit: config.blockGasLimit,
        baseFeePerGas: config.initialBaseFee,
        coinbase,
        ...(hardfork === undefined ? {} : { hardfork }),
        ...(gethGenesis === undefined ? {} : { gethGenesis }),
        ...(options.genesisTimestamp === undefined ? {} : { timestamp: options.genesisTimestamp }),
      },
    });
    // A restarted data dir of Sequin's own chain keeps its kind (a geth genesis file's or a fork's is the file's or the remote's).
    if (!createdGenesis && !fork && gethGenesis === undefined) checkDataDirNetwork(world, opStack);
    // An OP Stack chain's simulated L1 (its values: the settings on a new chain, else what L1Block holds).
    const l1 = opStack
      ? new SimulatedL1({ baseFee: config.l1BaseFee, blobBaseFee: config.l1BlobBaseFee, blockTime: BigInt(config.l1BlockTime) }, createdGenesis && !fork)
      : undefined;
    const pool = new TxPool(world, config.txpool);
    const journal = new PoolJournal(storage);
    // Raw transactions are decoded under the rules of the block they would join: the open block's.
    let rulesOfOpenBlock = () => openBlock.opening.rules;
    let timestampOfOpenBlock = () => openBlock.timestamp;
    const intake = new TransactionIntake(
      {
        common,
        chainId: config.chainId,
        // evm_setBlockGasLimit moves it: the pool refuses what the next blocks cannot hold.
        get blockGasLimit() {
          return parameters.gasLimit;
        },
        minTip: config.txpool.priceLimit,
        pendingRules: () => rulesOfOpenBlock(),
        ...(opStack ? { extraCost: (transaction, raw) => extraCostIn(world, opRulesAt(opStack, timestampOfOpenBlock()), raw, transaction.gasLimit) } : {}),
      },
      pool,
      journal,
      storage,
      events,
      logger,
      options.log,
    );
    const restoredTxs = await intake.restore();
    const blockHash = (number: bigint) => {
      // BLOCKHASH of the remote's history: its hash, asked once (cached like all remote history).
      if (fork && number < fork.source.number) return forkBlockHash(fork.source, number);
      const block = chain.blockByNumber(Number(number));
      return block ? hexToBytes(block.hash) : undefined;
    };
    const producer = new BlockProducer(
      {
        common,
        parameters,
        storage,
        chain,
        chainWriter,
        world,
        pool,
        journal,
        events,
        execution: await createExecutionVm(common, world, blockHash),
        trieNodes,
        clock,
        logger,
        ...(options.log ? { log: options.log } : {}),
        ...(l1 ? { opening: { l1 } } : {}),
        ...(signer ? { signer } : {}),
      },
      openBlock,
    );
    rulesOfOpenBlock = () => producer.openBlock.opening.rules;
    timestampOfOpenBlock = () => producer.openBlock.timestamp;
    const sequencer = new Sequencer({
      producer,
      mode: miningModeOf(config),
      clock,
      releaseInFlight: () => pool.releaseInFlight(),
      // A storage failure is logged once by the guard, which also pauses the ticks; a step cut
      // short because this node stopped leading the fleet's log is logged by the fleet member.
      onStepFailed: (error) => error instanceof StorageUnavailableError || error instanceof NotLeadingError || logger.error('sequencer tick failed', { error }),
      writesPaused: () => !storage.health().writable,
    });
    const callLogging = new CallLogging(config.logRpc);
    // A fork's executions run in lanes on this thread: one thread reads the remote, through one rate cap and one memo.
    const callExecutor = createCallExecutor(config, {
      common,
      rules,
      dataDir: fork ? undefined : lmdb?.directory,
      storage,
      pending: world,
      blockHash,
      // The remote's history: a version below the fork block is the remote's state at that block.
      ...(fork ? { stateBelow: (version: number) => fork.source.historyState(version) } : {}),
      // Instant and manual mining run no sub-block grid on this thread: all calls and estimates run here;
      // beside the grid, within a share of it and 2 ms each.
      inInstantOrManualMode: () => sequencer.mode.kind !== 'interval',
    });
    const {
      backend,
      stateDumps,
      close: closeBackend,
    } = createRpcBackend({
      config,
      compatibility,
      common,
      version: sequinVersion(),
      storage,
      views: sequencer.views,
      events,
      pool,
      world,
      intake,
      vms: new VmPool(() => createExecutionVm(common, world, blockHash)),
      callExecutor,
      clock,
      devKeys: new Map(accounts.map((account) => [account.address.slice(2).toLowerCase(), hexToBytes(account.privateKey)])),
      sequencer,
      stateEdits: sequencer,
      poolRemoval: new PoolRemoval(pool, journal, storage, options.log),
      ...(l1 ? { l1 } : {}),
      callLogging,
      fork: fork && {
        source: fork.source,
        settings: fork.settings,
        allocations: accounts.map((account) => ({ address: account.address, balance: config.accountBalance })),
      },
      ...(gethGenesis === undefined ? {} : { chainSpec: gethGenesis.spec }),
      sequencerIdentity,
    });
    return {
      config,
      compatibility,
      fromGenesisFile: gethGenesis !== undefined,
      accounts,
      storage,
      storageHealth: () => storage.health(),
      chain,
      world,
      events,
      pool,
      intake,
      sequencer,
      producer,
      backend,
      callExecutor,
      stateDumps,
      callLogging,
      closeBackend,
      createdGenesis,
      restoredTxs,
      fork,
      sequencerKey,
      sequencerIdentity,
    };
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
}

/**
 * The fork Sequin's own chain runs (config/chainHardfork.ts): the data directory's, or `--hardfork`'s for
 * a new chain; undefined for a chain from a geth genesis file, which schedules its own forks.
 */
function hardforkOfStoredChain(config: NodeConfig, storage: Storage, chain: { fromGenesisFile: boolean; opStack: boolean }): ChainHardfork | undefined {
  if (chain.fromGenesisFile) {
    if (config.hardfork !== undefined) {
      throw new Error('the data directory holds a chain from a geth genesis file, whose config schedules its forks; start without --hardfork');
    }
    return undefined;
  }
  if (chain.opStack) {
    if (config.hardfork !== undefined) {
      throw new Error(`an OP Stack chain (--network ${config.network}) runs the Ethereum forks its OP forks bring; start without --hardfork`);
    }
    return undefined;
  }
  return chainHardfork({
    requested: config.hardfork,
    recorded: storage.getRecord<string>(recordKeys.hardfork),
    hasChain: storage.getRecord(recordKeys.head) !== undefined,
  });
}

/** The hash of the remote's block `number` (below the fork block), or undefined when the remote has none. */
function forkBlockHash(fork: ForkSource, number: bigint): Uint8Array | undefined {
  const block = fork.remote.call('eth_getBlockByNumber', [`0x${number.toString(16)}`, false]) as { hash?: string } | null;
  return block?.hash ? hexToBytes(block.hash as `0x${string}`) : undefined;
}
