import { ChainReader } from '../chain/ChainReader.js';
import { ChainWriter } from '../chain/ChainWriter.js';
import { commonOfChain } from '../config/commonOfChain.js';
import { type DevAccount, deriveDevAccounts } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { sequinVersion } from '../config/sequinVersion.js';
import { validateConfig } from '../config/validateConfig.js';
import { EventBus } from '../events/EventBus.js';
import { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import { createExecutionVm } from '../execution/createExecutionVm.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { VmPool } from '../execution/VmPool.js';
import { WorldState } from '../execution/WorldState.js';
import { hexToBytes } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import type { RpcBackend } from '../rpc/backend.js';
import { BlockProducer } from '../sequencer/BlockProducer.js';
import { bootChain } from '../sequencer/bootChain.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { Clock } from '../sequencer/Clock.js';
import { IntervalSchedule } from '../sequencer/IntervalSchedule.js';
import { Sequencer } from '../sequencer/Sequencer.js';
import { openStorage } from '../storage/openStorage.js';
import type { Storage } from '../storage/Storage.js';
import { PoolJournal } from '../txpool/PoolJournal.js';
import { TransactionIntake } from '../txpool/TransactionIntake.js';
import { TxPool } from '../txpool/TxPool.js';
import { createRpcBackend } from './createRpcBackend.js';
import { loadGethGenesis } from './loadGethGenesis.js';

/** Fees go to the zero address: a dev sequencer has no operator account by default. */
export const COINBASE = new Uint8Array(20);

/** Every part of a node except its transports, wired together but not yet running. */
export interface NodeParts {
  /** The configuration the node runs with: the given one, with the chain id of its genesis file if it has one. */
  config: NodeConfig;
  /** True when the chain comes from a geth genesis file (the dev accounts are funded only if the file funds them). */
  fromGenesisFile: boolean;
  accounts: DevAccount[];
  storage: Storage;
  chain: ChainReader;
  world: WorldState;
  events: EventBus<ChainEvents>;
  pool: TxPool;
  intake: TransactionIntake;
  /** Built but not started: call `sequencer.start()` (or drive `sequencer.tick()` by hand). */
  sequencer: Sequencer;
  backend: RpcBackend;
  /** Stops what the backend runs in the background (call workers, filter listeners). */
  closeBackend: () => Promise<void>;
  /** True when this run wrote the genesis block, false when it resumed a stored chain. */
  createdGenesis: boolean;
  /** Journaled pool txs put back in the pool, and those dropped as no longer valid. */
  restoredTxs: { restored: number; dropped: number };
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
export async function buildNodeParts(givenConfig: NodeConfig, options: { clock: Clock; logger: Logger }): Promise<NodeParts> {
  const problems = validateConfig(givenConfig);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const { clock, logger } = options;
  const accounts = deriveDevAccounts(givenConfig.mnemonic, givenConfig.accounts);
  const storage = openStorage(givenConfig);
  try {
    const gethGenesis = loadGethGenesis(givenConfig.genesis, storage);
    const config = gethGenesis === undefined ? givenConfig : { ...givenConfig, chainId: gethGenesis.spec.chainId };
    const common = commonOfChain(config.chainId, gethGenesis?.spec);
    const chain = new ChainReader(storage, { cacheRecent: !config.ephemeral });
    const chainWriter = new ChainWriter(chain);
    const world = new WorldState(storage);
    const trieNodes = new TrieNodeStore(storage);
    const events = new EventBus<ChainEvents>((error) => logger.error('event listener failed', { error }));
    const { openBlock, createdGenesis } = await bootChain({
      common,
      storage,
      chain,
      chainWriter,
      world,
      trieNodes,
      now: clock.now(),
      blockGasLimit: config.blockGasLimit,
      genesis: {
        chainId: config.chainId,
        allocations: accounts.map((account) => ({ address: account.address, balance: config.accountBalance })),
        gasLimit: config.blockGasLimit,
        baseFeePerGas: config.initialBaseFee,
        coinbase: COINBASE,
        ...(gethGenesis === undefined ? {} : { gethGenesis }),
      },
    });
    const pool = new TxPool(world, config.txpool);
    const journal = new PoolJournal(storage);
    // Raw transactions are decoded under the rules of the block they would join: the open block's.
    let rulesOfOpenBlock = () => openBlock.opening.rules;
    const intake = new TransactionIntake(
      { common, pendingRules: () => rulesOfOpenBlock(), chainId: config.chainId, blockGasLimit: config.blockGasLimit, minTip: config.txpool.priceLimit },
      pool,
      journal,
      storage,
      events,
      logger,
    );
    const restoredTxs = await intake.restore();
    const blockHash = (number: bigint) => {
      const block = chain.blockByNumber(Number(number));
      return block ? hexToBytes(block.hash) : undefined;
    };
    const blockSettings = {
      blockGasLimit: config.blockGasLimit,
      coinbase: COINBASE,
      ...(common.depositContract === undefined ? {} : { depositContract: common.depositContract }),
    };
    const producer = new BlockProducer(
      {
        common,
        settings: blockSettings,
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
      },
      openBlock,
    );
    rulesOfOpenBlock = () => producer.openBlock.opening.rules;
    const sequencer = new Sequencer({
      producer,
      schedule: new IntervalSchedule({ preconfIntervalMs: config.preconfIntervalMs, blockTimeMs: config.blockTimeMs }),
      clock,
      releaseInFlight: () => pool.releaseInFlight(),
      onStepFailed: (error) => logger.error('sequencer tick failed', { error }),
    });
    const { backend, close: closeBackend } = createRpcBackend({
      config,
      common,
      version: sequinVersion(),
      storage,
      views: sequencer.views,
      events,
      pool,
      world,
      intake,
      blockSettings,
      vms: new VmPool(() => createExecutionVm(common, world, blockHash)),
      // In-memory storage cannot be shared with a thread: ephemeral nodes run calls on the main thread.
      callExecutor: config.ephemeral ? undefined : new CallExecutor({ dataDir: config.dataDir, chainId: config.chainId, timeoutMs: config.rpcEvmTimeoutMs }),
      clock,
      devKeys: new Map(accounts.map((account) => [account.address.slice(2).toLowerCase(), hexToBytes(account.privateKey)])),
    });
    return {
      config,
      fromGenesisFile: gethGenesis !== undefined,
      accounts,
      storage,
      chain,
      world,
      events,
      pool,
      intake,
      sequencer,
      backend,
      closeBackend,
      createdGenesis,
      restoredTxs,
    };
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
}
