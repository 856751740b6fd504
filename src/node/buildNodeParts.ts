import { ChainReader } from '../chain/ChainReader.js';
import { ChainWriter } from '../chain/ChainWriter.js';
import { createChainCommon } from '../config/chainCommon.js';
import { type DevAccount, deriveDevAccounts } from '../config/devAccounts.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { sequinVersion } from '../config/sequinVersion.js';
import { validateConfig } from '../config/validateConfig.js';
import { EventBus } from '../events/EventBus.js';
import { createExecutionVm } from '../execution/createExecutionVm.js';
import { TrieNodeStore } from '../execution/TrieNodeStore.js';
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
import { MemoryStorage } from '../storage/MemoryStorage.js';
import { openStorage } from '../storage/openStorage.js';
import type { Storage } from '../storage/Storage.js';
import { PoolJournal } from '../txpool/PoolJournal.js';
import { TransactionIntake } from '../txpool/TransactionIntake.js';
import { TxPool } from '../txpool/TxPool.js';
import { createCallExecutor } from './createCallExecutor.js';
import { createRpcBackend } from './createRpcBackend.js';

/** Fees go to the zero address: a dev sequencer has no operator account by default. */
export const COINBASE = new Uint8Array(20);

/** Every part of a node except its transports, wired together but not yet running. */
export interface NodeParts {
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

/** What {@link buildNodeParts} needs beside the configuration. */
export interface BuildOptions {
  clock: Clock;
  logger: Logger;
  /**
   * Keep storage in this thread's memory instead of LMDB (for --ephemeral, LMDB in RAM): for
   * in-process test chains, which then run calls on this thread. Default false.
   */
  inMemoryStorage?: boolean;
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
export async function buildNodeParts(config: NodeConfig, options: BuildOptions): Promise<NodeParts> {
  const problems = validateConfig(config);
  if (problems.length > 0) throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const { clock, logger } = options;
  const common = createChainCommon(config.chainId);
  const accounts = deriveDevAccounts(config.mnemonic, config.accounts);
  const storage = options.inMemoryStorage ? new MemoryStorage() : openStorage(config);
  try {
    const chain = new ChainReader(storage, { cacheRecent: !options.inMemoryStorage });
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
      genesis: {
        chainId: config.chainId,
        allocations: accounts.map((account) => ({ address: account.address, balance: config.accountBalance })),
        gasLimit: config.blockGasLimit,
        baseFeePerGas: config.initialBaseFee,
        coinbase: COINBASE,
      },
    });
    const pool = new TxPool(world, config.txpool);
    const journal = new PoolJournal(storage);
    const intake = new TransactionIntake(
      { common, chainId: config.chainId, blockGasLimit: config.blockGasLimit, minTip: config.txpool.priceLimit },
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
    const blockSettings = { blockGasLimit: config.blockGasLimit, coinbase: COINBASE };
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
      callExecutor: createCallExecutor(config, { common, storage, pending: world, blockHash }),
      clock,
      devKeys: new Map(accounts.map((account) => [account.address.slice(2).toLowerCase(), hexToBytes(account.privateKey)])),
    });
    return { accounts, storage, chain, world, events, pool, intake, sequencer, backend, closeBackend, createdGenesis, restoredTxs };
  } catch (error) {
    await storage.close().catch(() => {});
    throw error;
  }
}
