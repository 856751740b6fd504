import type { Common } from '@ethereumjs/common';
import { buildSealedBlock } from '../chain/buildSealedBlock.js';
import type { ChainStore } from '../chain/ChainStore.js';
import { encodeReceipt, orBloom } from '../chain/receiptEncoding.js';
import type { StoredBlock, StoredSubBlock, StoredTransaction } from '../chain/records.js';
import { orderedTrieRoot } from '../chain/trieRoot.js';
import type { ChainEvents } from '../events/ChainEvents.js';
import type { EventBus } from '../events/EventBus.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { toExecutionBlock } from '../execution/BlockEnvironment.js';
import type { ExecutionVm } from '../execution/createExecutionVm.js';
import { type ExecutedTransaction, executeTransaction } from '../execution/executeTransaction.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { tryFastTransfer } from '../execution/tryFastTransfer.js';
import { type WorldState, writeStateChanges } from '../execution/WorldState.js';
import { type Hex, toQuantity } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolJournal } from '../txpool/PoolJournal.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TxPool } from '../txpool/TxPool.js';
import type { Clock } from './Clock.js';
import type { OpenBlock, SealInput } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import { toStoredTransaction } from './transactionRecord.js';

/** Timing and block parameters of the sequencer. */
export interface SequencerSettings {
  preconfIntervalMs: number;
  blockTimeMs: number;
  blockGasLimit: bigint;
  coinbase: Uint8Array;
}

/** Everything the sequencer works with (built by node/createNode.ts). */
export interface SequencerParts {
  common: Common;
  settings: SequencerSettings;
  storage: Storage;
  chain: ChainStore;
  world: WorldState;
  pool: TxPool;
  journal: PoolJournal;
  events: EventBus<ChainEvents>;
  execution: ExecutionVm;
  trieNodes: TrieNodeStore;
  clock: Clock;
  logger: Logger;
}

/**
 * The sequencer loop. Every pre-confirmation interval it takes executable pool txs (best
 * effective tip first, nonce order per sender), executes them on the pending state, commits
 * the sub-block durably and only then publishes it (world state, pool, events). When the
 * block's time is up it seals the sub-blocks into a block with real roots and opens the next.
 * Ticks follow a fixed grid from the block's opening time, so intervals do not drift.
 */
export class Sequencer {
  private open: OpenBlock;
  private timer: unknown;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly parts: SequencerParts,
    openBlock: OpenBlock,
  ) {
    this.open = openBlock;
  }

  /** The block being filled (read-only use by the pending view). */
  get openBlock(): OpenBlock {
    return this.open;
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops ticking after the tick in progress (if any) has committed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.parts.clock.clearTimeout(this.timer);
    await this.running;
  }

  /** Runs one tick now: a sub-block if anything is executable, then a seal if the block is due. */
  async tick(): Promise<void> {
    const { settings, clock, events } = this.parts;
    const built = await this.buildSubBlock();
    const open = this.open;
    events.emit('preconfTick', {
      blockNumber: BigInt(open.number),
      subBlockIndex: built?.index ?? null,
      timestamp: open.timestamp,
      transactionHashes: built?.transactionHashes ?? [],
      atMs: built?.preconfirmedAtMs ?? clock.now(),
    });
    if (clock.now() >= this.open.openedAtMs + settings.blockTimeMs) {
      const sealed = await this.seal();
      this.open = this.openNext(sealed, clock.now());
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    const { settings, clock } = this.parts;
    const now = clock.now();
    const elapsed = now - this.open.openedAtMs;
    // The next slot on the grid, never before the block has opened (its opening may be ahead).
    const nextSlot = Math.max(1, Math.min(Math.floor(elapsed / settings.preconfIntervalMs) + 1, settings.blockTimeMs / settings.preconfIntervalMs));
    const delay = Math.max(0, this.open.openedAtMs + nextSlot * settings.preconfIntervalMs - now);
    this.timer = clock.setTimeout(() => {
      this.running = this.tick()
        .catch((error) => {
          this.parts.pool.releaseInFlight();
          this.parts.logger.error('sequencer tick failed', { error });
        })
        .finally(() => this.schedule());
    }, delay);
  }

  /** Executes executable pool txs into one sub-block; returns it and when it became durable, or undefined when none ran. */
  private async buildSubBlock(): Promise<(StoredSubBlock & { preconfirmedAtMs: number }) | undefined> {
    const { pool, execution, world, common, settings, logger } = this.parts;
    if (pool.size === 0) return undefined;
    const open = this.open;
    execution.state.reset(world);
    const block = toExecutionBlock(common, {
      number: BigInt(open.number),
      timestamp: open.timestamp,
      gasLimit: settings.blockGasLimit,
      baseFeePerGas: open.baseFeePerGas,
      coinbase: settings.coinbase,
      parentHash: open.parentHash,
    });
    const executed: Array<{ result: ExecutedTransaction; source: PoolTransaction }> = [];
    const failed: PoolTransaction[] = [];
    let gasUsed = open.gasUsed;
    const startedAt = performance.now();
    await pool.select(open.baseFeePerGas, async (candidate) => {
      const remaining = settings.blockGasLimit - gasUsed;
      if (remaining < 21_000n) return 'stop';
      if (candidate.gasLimit > remaining) return 'skipSender';
      try {
        const result =
          (await tryFastTransfer(execution.state, { baseFeePerGas: open.baseFeePerGas, coinbase: settings.coinbase }, candidate.transaction, gasUsed)) ??
          (await executeTransaction(execution, block, candidate.transaction, gasUsed));
        gasUsed = result.cumulativeGasUsed;
        executed.push({ result, source: candidate });
        return 'next';
      } catch (error) {
        failed.push(candidate);
        logger.warn('dropping transaction that no longer executes', { hash: candidate.hash, error });
        return 'skipSender';
      }
    });
    if (executed.length === 0) {
      pool.releaseInFlight();
      if (failed.length > 0) await this.dropFromPool(failed);
      return undefined;
    }
    const changes = execution.state.takeChanges();
    const index = open.subBlocks.length;
    const batch = new WriteBatch();
    const sealInputs: SealInput[] = [];
    const hashes: Hex[] = [];
    const records: StoredTransaction[] = [];
    const bloom = new Uint8Array(256);
    let logIndex = open.logCount;
    for (const [offset, { result, source }] of executed.entries()) {
      const record = toStoredTransaction(result, source.sender, {
        blockNumber: open.number,
        transactionIndex: open.transactions.length + offset,
        subBlockIndex: index,
        firstLogIndex: logIndex,
      });
      logIndex += result.logs.length;
      this.parts.chain.writeTransaction(batch, record);
      records.push(record);
      this.parts.journal.forget(batch, source.hash);
      hashes.push(source.hash);
      orBloom(bloom, result.bloom);
      sealInputs.push({
        hash: source.hash,
        raw: source.raw,
        receipt: encodeReceipt({
          type: source.transaction.type,
          success: result.success,
          cumulativeGasUsed: result.cumulativeGasUsed,
          bloom: result.bloom,
          logs: result.logs,
        }),
      });
    }
    for (const transaction of failed) this.parts.journal.forget(batch, transaction.hash);
    writeStateChanges(batch, open.number, changes);
    const subBlock: StoredSubBlock = {
      blockNumber: open.number,
      index,
      timestamp: Number(open.timestamp),
      baseFeePerGas: toQuantity(open.baseFeePerGas),
      transactionHashes: hashes,
      cumulativeGasUsed: toQuantity(gasUsed),
      touchedAccounts: [...changes.accounts.keys()],
      touchedSlots: [...changes.storage].flatMap(([address, slots]) => [...slots.keys()].map((slot): [string, string] => [address, slot])),
      touchedCode: [...changes.code.keys()],
    };
    this.parts.chain.writeSubBlock(batch, subBlock);
    await this.parts.storage.commit(batch);

    // Durable: now publish, in the order readers depend on.
    this.parts.chain.remember({ transactions: records });
    world.apply(changes);
    for (const { source } of executed) pool.remove(source.hash);
    for (const transaction of failed) pool.remove(transaction.hash);
    pool.releaseInFlight();
    pool.pruneStale(new Set(executed.map(({ source }) => source.sender)));
    open.append(subBlock, sealInputs, changes, gasUsed - open.gasUsed, logIndex - open.logCount, bloom);
    const buildMs = performance.now() - startedAt;
    logger.debug('pre-confirmed sub-block', { block: open.number, index, txs: executed.length, buildMs: Math.round(buildMs) });
    // Taken before listeners run: fanning out to subscribers is not part of becoming durable.
    const preconfirmedAtMs = this.parts.clock.now();
    this.parts.events.emit('subBlock', {
      blockNumber: BigInt(open.number),
      index,
      timestamp: open.timestamp,
      transactionHashes: hashes,
      preconfirmedAtMs,
      buildMs,
    });
    return { ...subBlock, preconfirmedAtMs };
  }

  private async dropFromPool(transactions: PoolTransaction[]): Promise<void> {
    const batch = new WriteBatch();
    for (const transaction of transactions) this.parts.journal.forget(batch, transaction.hash);
    await this.parts.storage.commit(batch);
    for (const transaction of transactions) this.parts.pool.remove(transaction.hash);
  }

  /** Seals the open block: roots, header, and one atomic commit with the sealed account records. */
  private async seal(): Promise<StoredBlock> {
    const { storage, chain, world, trieNodes, common, settings, logger, events } = this.parts;
    const open = this.open;
    const startedAt = performance.now();
    const { stateRoot, updatedAccounts } = await applyStateChanges({
      parentRoot: open.parentStateRoot,
      changes: open.changes,
      finalState: world,
      parentState: new PersistedStateReader(storage, open.number - 1),
      nodes: trieNodes,
    });
    const block = buildSealedBlock(common, {
      parentHash: open.parentHash,
      number: BigInt(open.number),
      timestamp: open.timestamp,
      gasLimit: settings.blockGasLimit,
      gasUsed: open.gasUsed,
      baseFeePerGas: open.baseFeePerGas,
      coinbase: settings.coinbase,
      stateRoot,
      transactionsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.raw)),
      receiptsRoot: orderedTrieRoot(open.transactions.map((transaction) => transaction.receipt)),
      logsBloom: open.bloom,
      rawTransactions: open.transactions.map((transaction) => transaction.raw),
      transactionHashes: open.transactions.map((transaction) => transaction.hash),
    });
    const batch = new WriteBatch();
    chain.writeBlock(batch, block);
    writeStateChanges(batch, open.number, { accounts: updatedAccounts, storage: new Map(), code: new Map() });
    trieNodes.flushInto(batch);
    chain.deleteSubBlocks(batch, open.number, open.subBlocks.length);
    await storage.commit(batch);
    chain.remember({ block });
    world.apply({ accounts: updatedAccounts, storage: new Map(), code: new Map() });
    const sealMs = performance.now() - startedAt;
    logger.debug('sealed block', { number: open.number, txs: open.transactions.length, sealMs: Math.round(sealMs) });
    events.emit('sealedBlock', { number: BigInt(open.number), hash: block.hash, transactionHashes: block.transactions, sealMs });
    return block;
  }

  /** Opens the block after `parent` on the interval grid; after a long stall (or downtime) the grid restarts now. */
  private openNext(parent: StoredBlock, now: number): OpenBlock {
    const { blockTimeMs } = this.parts.settings;
    const onGrid = this.open.openedAtMs + blockTimeMs;
    return openBlockAfter(parent, now - onGrid >= blockTimeMs ? now : onGrid);
  }
}
