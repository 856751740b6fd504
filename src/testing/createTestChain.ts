/**
 * An in-process test chain: every part of a node (storage, chain store, world state, pool,
 * intake, sequencer, backend), wired exactly as `startNode` wires them (both use
 * node/buildNodeParts.ts), without HTTP and with a {@link ManualClock}:
 *
 *   const chain = await createTestChain();
 *   await chain.intake.submit(rawTx);      // admitted to the pool
 *   await chain.clock.advance(200);        // one interval: the sub-block is committed and announced
 *   chain.backend.blocks.getTransactionReceipt(hash);
 *   await chain.clock.advance(1800);       // the rest of the block time: the block is sealed
 *   await chain.close();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChainReader } from '../chain/ChainReader.js';
import type { DevAccount } from '../config/devAccounts.js';
import { defaultNodeConfig, type NodeConfig } from '../config/nodeConfig.js';
import type { EventBus } from '../events/EventBus.js';
import type { WorldState } from '../execution/WorldState.js';
import { buildNodeParts } from '../node/buildNodeParts.js';
import type { Logger } from '../primitives/logger.js';
import type { RpcBackend } from '../rpc/backend.js';
import type { BlockProducer } from '../sequencer/BlockProducer.js';
import type { ChainEvents } from '../sequencer/ChainEvents.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { SequencerLog } from '../sequencer/SequencerLog.js';
import type { Storage } from '../storage/Storage.js';
import type { StorageHealth } from '../storage/StorageHealth.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import type { TxPool } from '../txpool/TxPool.js';
import { ManualClock } from './ManualClock.js';
import { silentLogger } from './silentLogger.js';

/** A running in-process chain; see {@link createTestChain}. */
export interface TestChain {
  /** The configuration the chain runs with (defaults + overrides). */
  config: NodeConfig;
  backend: RpcBackend;
  sequencer: Sequencer;
  /** The one writer the sequencer drives (a follower applies a fleet's log through it). */
  producer: BlockProducer;
  pool: TxPool;
  intake: TransactionIntake;
  chain: ChainReader;
  world: WorldState;
  storage: Storage;
  /** Whether storage accepts writes now (see storage/GuardedStorage.ts). */
  storageHealth: () => StorageHealth;
  events: EventBus<ChainEvents>;
  /** The funded dev accounts, with their private keys. */
  accounts: DevAccount[];
  /** Drives the sequencer: `await clock.advance(config.preconfIntervalMs)` runs one tick to completion. */
  clock: ManualClock;
  /** Stops the sequencer (after its tick in progress), closes storage, and removes a temporary data directory. Safe to call twice. */
  close(): Promise<void>;
}

/** Options of {@link createTestChain} beyond the node configuration. */
export interface TestChainOptions {
  /**
   * A clock to reuse, e.g. to reopen a data directory where a previous chain stopped; create it with
   * `awaitReschedule: true` so advance() waits for each tick. Default: a new such {@link ManualClock}.
   */
  clock?: ManualClock;
  /** Default: silent. */
  logger?: Logger;
  /** Start the sequencer's timer loop. Default true; false leaves ticking to `sequencer.tick()`. */
  start?: boolean;
  /** Wraps the opened storage, e.g. in a FullDiskStorage (see node/buildNodeParts.ts). */
  wrapStorage?: (storage: Storage) => Storage;
  /** A fleet's log the producer appends every commit to (see sequencer/SequencerLog.ts). Default: none. */
  log?: SequencerLog;
  /** The sequencer key; null for none (the chain signs no commitments). Default: a new key in memory, or the data directory's. */
  sequencerKey?: Uint8Array | null;
}

/**
 * Builds and starts an in-process chain with the node's defaults (chain id 31337, 200 ms
 * sub-blocks, 2 s blocks, the ten "test … junk" accounts) and `overrides` on top.
 *
 * Storage is in this thread's memory, and calls, estimates and traces run on this thread, unless
 * `overrides.ephemeral` is false: then LMDB in `overrides.dataDir`, or in a fresh temporary
 * directory (removed by close()) when no dataDir is given, with the node's execution workers. The clock
 * starts at a second-aligned instant; the sequencer's first tick is due one interval later.
 */
export async function createTestChain(overrides: Partial<NodeConfig> = {}, options: TestChainOptions = {}): Promise<TestChain> {
  const defaults = defaultNodeConfig();
  const persistent = overrides.ephemeral === false;
  const temporaryDir = persistent && overrides.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'sequin-test-')) : undefined;
  const config: NodeConfig = {
    ...defaults,
    ...overrides,
    ephemeral: !persistent,
    dataDir: temporaryDir ?? overrides.dataDir ?? defaults.dataDir,
    txpool: { ...defaults.txpool, ...overrides.txpool },
    logLevel: overrides.logLevel ?? 'silent',
  };
  const clock = options.clock ?? new ManualClock({ awaitReschedule: true });
  const removeTemporaryDir = () => {
    if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
  };
  let parts: Awaited<ReturnType<typeof buildNodeParts>>;
  try {
    parts = await buildNodeParts(config, {
      clock,
      logger: options.logger ?? silentLogger,
      inMemoryStorage: !persistent,
      ...(options.wrapStorage ? { wrapStorage: options.wrapStorage } : {}),
      ...(options.log ? { log: options.log } : {}),
      ...(options.sequencerKey !== undefined ? { sequencerKey: options.sequencerKey } : {}),
    });
  } catch (error) {
    removeTemporaryDir();
    throw error;
  }
  // A sub-block's commitment is made right after it, off the tick: advance() returns with it made, as real time would.
  const producer = parts.producer;
  clock.afterFiring = () => producer.commitments.settle().catch(() => {});
  if (options.start ?? true) parts.sequencer.start();
  let closing: Promise<void> | undefined;
  return {
    config: parts.config,
    backend: parts.backend,
    sequencer: parts.sequencer,
    producer: parts.producer,
    pool: parts.pool,
    intake: parts.intake,
    chain: parts.chain,
    world: parts.world,
    storage: parts.storage,
    storageHealth: parts.storageHealth,
    events: parts.events,
    accounts: parts.accounts,
    clock,
    close: () => {
      closing ??= (async () => {
        try {
          await parts.sequencer.stop();
          await parts.closeBackend();
          await parts.storage.close();
        } finally {
          removeTemporaryDir();
        }
      })();
      return closing;
    },
  };
}
