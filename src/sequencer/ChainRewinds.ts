import type { DeletedRecords } from '../chain/ChainReader.js';
import type { StoredBlock } from '../chain/records.js';
import type { ForkPoint, ForkSource } from '../execution/fork/ForkSource.js';
import { emptyStateChanges, mergeStateChanges } from '../execution/StateChanges.js';
import { toStoredStateEdit } from '../execution/stateEditRecord.js';
import { writeStateChanges } from '../execution/WorldState.js';
import { WriteBatch } from '../storage/Storage.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { ChainPoint } from './ChainPoint.js';
import type { ChainTip } from './ChainTip.js';
import { OpenBlock } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import type { BlockProducerParts } from './ProducerParts.js';
import { reforkWrites } from './reforkWrites.js';
import { LOCAL_ONLY_SEQUENCER_LOG } from './SequencerLog.js';
import { forkAnchorWrites } from './writeForkAnchor.js';

/**
 * The one writer's jobs that take the chain back: rewinds to an earlier point (evm_revert,
 * anvil_rollback, anvil_reset) and re-forks (anvil_reset with `forking`). Each removes what it
 * undoes in one atomic storage commit, then both end the same way ({@link settle}): the caches
 * that held the old chain are dropped, the pool lets go, a view of a new epoch is published and
 * `rewound` announced. A fleet's log cannot carry either (its followers would keep the old chain):
 * the log refuses them first.
 */
export class ChainRewinds {
  constructor(
    private readonly parts: BlockProducerParts,
    private readonly tip: ChainTip,
  ) {}

  /**
   * Rewinds the chain to `point`, durably: the blocks after its head are deleted with their
   * transactions and receipts, the versioned state written after it is deleted, and the open block
   * it had is written back — all in one atomic commit, so a crash leaves either the old chain or
   * the rewound one. The block parameters' clock goes back to the head's time (or, with `reset`,
   * every parameter to its start value). The pool keeps its transactions (their senders' nonces
   * may now leave them queued) unless `clearPool`; mined transactions of removed blocks are gone,
   * as in Anvil. Returns false, changing nothing, when the point's head is no longer in the chain.
   */
  async rewind(point: ChainPoint, options: { reset?: boolean; clearPool?: boolean } = {}): Promise<boolean> {
    const { storage, chain, chainWriter, journal, parameters, clock } = this.parts;
    const { tip } = this;
    const target = point.head;
    const targetNumber = Number(target.number);
    const headNumber = Number(tip.head.number);
    if (targetNumber > headNumber || chain.blockByNumber(targetNumber)?.hash !== target.hash) return false;
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).beforeRewind();
    const restored = point.open?.contents.length ? point.open : undefined;
    const kept = new Set(restored?.contents.flatMap((contents) => contents.records.map((record) => record.fields.hash as string)));
    const open = tip.open;

    const batch = new WriteBatch();
    // What the caches must drop: every record deleted or written again (a kept transaction's too).
    const deleted = { blocks: [] as number[], transactions: [] as string[] };
    const deleteTransaction = (hash: string) => {
      deleted.transactions.push(hash);
      if (!kept.has(hash)) chainWriter.deleteTransaction(batch, hash);
    };
    for (let number = targetNumber + 1; number <= headNumber; number++) {
      const block = chain.blockByNumber(number)!;
      chainWriter.deleteBlock(batch, block);
      deleted.blocks.push(number);
      for (const hash of block.transactions) deleteTransaction(hash);
    }
    for (const record of open.records) deleteTransaction(record.fields.hash as string);
    // Sub-block records written back keep their keys: delete only the others (a batch puts before it deletes).
    const rewrittenSubBlocks = restored && open.number === targetNumber + 1 ? restored.contents.length : 0;
    chainWriter.deleteSubBlocks(batch, open.number, open.subBlocks.length, rewrittenSubBlocks);
    chainWriter.writeHead(batch, target);
    // State edits kept for replays: those of the sub-blocks written back are written again, the rest go.
    const rewrittenEdits = new Set<number>();
    if (restored) {
      const changes = emptyStateChanges();
      let transactionsBefore = 0;
      for (const contents of restored.contents) {
        chainWriter.writeSubBlock(batch, contents.subBlock);
        if (contents.commitment) chainWriter.writeCommitment(batch, contents.commitment);
        for (const record of contents.records) chainWriter.writeTransaction(batch, record);
        if (contents.subBlock.stateEdits) {
          const position = { blockNumber: targetNumber + 1, subBlockIndex: contents.subBlock.index, afterTransactions: transactionsBefore };
          chainWriter.writeStateEdit(batch, toStoredStateEdit(position, contents.changes));
          rewrittenEdits.add(contents.subBlock.index);
        }
        transactionsBefore += contents.records.length;
        mergeStateChanges(changes, contents.changes);
      }
      writeStateChanges(batch, targetNumber + 1, changes);
    }
    for (let number = targetNumber + 1; number <= open.number; number++) {
      chainWriter.deleteStateEdits(batch, number, number === targetNumber + 1 ? rewrittenEdits : undefined);
      // Commitments of what is rewound go: the positions will be signed again with other contents (a dev
      // chain's rewind breaks those promises on purpose; see docs/verifiable-preconfirmations.md).
      chainWriter.deleteCommitments(batch, number, number === targetNumber + 1 ? (restored?.contents.length ?? 0) : 0);
    }
    const dropped = options.clearPool ? this.pooledTransactions() : [];
    for (const transaction of dropped) journal.forget(batch, transaction.hash);
    // Its caller (evm_revert, anvil_rollback, anvil_reset) waits for it alone: committed on this thread.
    await storage.rewind(targetNumber, batch, { onThisThread: true });

    const now = clock.now();
    if (options.reset) parameters.reset();
    else parameters.rewoundTo(BigInt(target.timestamp), now);
    let reopened: OpenBlock;
    if (restored) {
      reopened = new OpenBlock({ ...restored.header, openedAtMs: now, notBeforeMs: now, spends: {} });
      for (const contents of restored.contents) reopened.append(contents);
    } else reopened = openBlockAfter(target, parameters, now);
    this.settle({ head: target, open: reopened, dropped, deleted }, 'chain rewound', {
      toBlock: targetNumber,
      removedBlocks: headNumber - targetNumber,
      openSubBlocks: reopened.subBlocks.length,
    });
    return true;
  }

  /**
   * Starts the chain again on `next`'s block, as a fork started there would (writeForkAnchor: the
   * remote block as the first block, the dev accounts funded). In one atomic commit the old chain's
   * blocks, transactions, sub-blocks and state edits are removed, the whole local state is rewound
   * to nothing and the new anchor written; the pool is emptied. The new anchor is computed first (it
   * reads the new remote), so a failing remote changes nothing; `fork` is repointed just before the
   * commit and back if the commit fails. The block parameters go back to their start values (the
   * gas limit to the new fork block's).
   */
  async refork(fork: ForkSource, next: ForkPoint, allocations: Array<{ address: string; balance: bigint }>): Promise<void> {
    const { storage, chain, chainWriter, journal, parameters, clock, trieNodes } = this.parts;
    await (this.parts.log ?? LOCAL_ONLY_SEQUENCER_LOG).beforeRewind();
    const anchorWrites = await forkAnchorWrites({ chainWriter, trieNodes, anchor: next.anchor, forkState: next.state, allocations });
    const dropped = this.pooledTransactions();
    const batch = reforkWrites({
      anchorWrites,
      chain,
      chainWriter,
      journal,
      firstBlock: Number(fork.number),
      headNumber: Number(this.tip.head.number),
      open: this.tip.open,
      droppedTransactions: dropped.map((transaction) => transaction.hash),
    });
    const previous = fork.replace(next);
    try {
      await storage.rewind(-1, batch);
    } catch (error) {
      fork.replace(previous);
      throw error;
    }
    parameters.reset();
    parameters.gasLimit = BigInt(next.anchor.gasLimit);
    const head = chain.blockByNumber(Number(next.anchor.number))!;
    this.settle({ head, open: openBlockAfter(head, parameters, clock.now()), dropped }, 'chain re-forked', {
      remote: next.remote.remote,
      block: next.anchor.number,
      hash: next.anchor.hash,
    });
  }

  /**
   * The tail both share, once their commit is durable: the cached records it deleted are dropped (a
   * re-fork's: every one), the pool lets go of what was in flight and of `dropped`, the tip moves to `head` and
   * `open` in a new epoch, and its view is published, logged (`message`) and announced (`rewound`:
   * filters and subscriptions move back).
   */
  private settle(
    after: { head: StoredBlock; open: OpenBlock; dropped: readonly PoolTransaction[]; deleted?: DeletedRecords },
    message: string,
    fields: Record<string, unknown>,
  ): void {
    const { chainWriter, world, pool, events, logger } = this.parts;
    const { tip } = this;
    chainWriter.forgetRecent(after.deleted);
    world.forgetCached();
    pool.releaseInFlight();
    for (const transaction of after.dropped) pool.remove(transaction.hash);
    tip.epoch++;
    tip.moveHead(after.head);
    tip.open = after.open;
    const view = tip.publish();
    logger.info(message, fields);
    events.emit('rewound', { blockNumber: Number(after.head.number), view });
  }

  /** Every transaction the pool holds. */
  private pooledTransactions(): PoolTransaction[] {
    return [...this.parts.pool.contents().values()].flatMap((byNonce) => [...byNonce.values()]);
  }
}
