import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { WriteBatch } from '../storage/Storage.js';
import type { ChainCommits, ProducedSubBlock } from './ChainCommits.js';
import type { ChainTip } from './ChainTip.js';
import { type LoggedOpenBlockHeader, OpenBlock } from './OpenBlock.js';
import type { BlockProducerParts } from './ProducerParts.js';
import type { LoggedCommit } from './SequencerLog.js';
import { type Sealing, sealOpenBlock } from './sealOpenBlock.js';

/**
 * A fleet follower's job of the one writer: applies the commits the fleet's sequencer logged, through the
 * same write, commit and publish path as the producer's own ({@link ChainCommits}), so the chain, the
 * views and the events a follower serves are the ones the sequencer made. Knows nothing of NATS: the
 * fleet (fleet/LogFollower) hands it each commit; LoggedCommitApplier.test.ts drives it with a
 * sequencer's commits captured in memory.
 */
export class LoggedCommitApplier {
  constructor(
    private readonly parts: BlockProducerParts,
    private readonly tip: ChainTip,
    private readonly commits: ChainCommits,
  ) {}

  /**
   * Applies one logged commit: its sub-block, its seal, or both, in one commit here too, so a restart
   * never finds half of it. The sub-block's txs, and those its execution dropped, leave this node's pool
   * mirror. Throws, committing nothing, when the log does not follow this node's chain or a seal's hash
   * (so its state root) is not the sequencer's.
   */
  async apply(commit: LoggedCommit): Promise<void> {
    if (commit.commitment) return this.applyCommitment(commit.commitment);
    const header = commit.subBlock?.open ?? commit.seal?.open;
    if (!header) return;
    this.followOpenBlock(header);
    const { pool, world } = this.parts;
    const batch = new WriteBatch();
    let produced: ProducedSubBlock | undefined;
    let filled = this.tip.open;
    let finalState: StateReader = world;
    if (commit.subBlock) {
      const { contents, dropped } = commit.subBlock;
      const mirrored = [...contents.sealInputs.map((input) => input.hash), ...dropped].flatMap((hash) => pool.get(hash) ?? []);
      produced = { contents, executed: [], failed: mirrored, startedAt: performance.now() };
      filled = filled.withAppended(contents);
      finalState = new LayeredStateReader(world, [contents.changes]);
      // Sealed in the same commit, the sub-block needs no record of its own (the seal would delete it).
      this.commits.writeSubBlock(batch, produced, { record: !commit.seal });
    }
    let sealing: Sealing | undefined;
    if (commit.seal) {
      sealing = await sealOpenBlock(this.parts, filled, finalState);
      if (sealing.block.hash !== commit.seal.hash) {
        throw new Error(`block ${header.number} sealed here as ${sealing.block.hash}, but the sequencer sealed ${commit.seal.hash}: the state differs`);
      }
      this.commits.writeSeal(batch, sealing);
    }
    await this.commits.commitLogged(batch, {});
    if (produced) this.commits.publishSubBlock(produced);
    if (sealing && commit.seal) this.commits.publishSeal(sealing, commit.seal.nextOpensAtMs);
  }

  /**
   * Applies a durable sub-block's signed commitment, logged after it: written (with the log position) and
   * given to the open block, as the sequencer did. One this node has already (a restart re-reading its last
   * entries) is skipped when it is the same; a commitment of another place than the open block's latest
   * unsigned sub-block means the log does not follow this node's chain.
   */
  private async applyCommitment(signed: SignedCommitment): Promise<void> {
    const open = this.tip.open;
    const number = Number(signed.commitment.blockNumber);
    const index = Number(signed.commitment.index);
    const known = number === open.number ? open.commitments[index] : this.parts.chain.commitment(number, index);
    if (known?.hash === signed.hash) return;
    if (number !== open.number || index !== open.commitments.length || index >= open.subBlocks.length) {
      throw new Error(
        `the log's commitment of block ${number} index ${index} does not follow this node's chain (open block ${open.number}, ${open.subBlocks.length} sub-blocks, ${open.commitments.length} commitments)`,
      );
    }
    const batch = new WriteBatch();
    this.parts.chainWriter.writeCommitment(batch, signed);
    await this.commits.commitLogged(batch, {});
    this.commits.publishCommitment(signed);
  }

  /**
   * Makes the open block the one the log's sequencer filled: while no sub-block is in it, the
   * header is taken as logged (a block opened here took its time and parameters from this node).
   * Throws when the chains differ.
   */
  private followOpenBlock(header: LoggedOpenBlockHeader): void {
    const { tip } = this;
    const open = tip.open;
    if (open.number === header.number && open.timestamp === header.timestamp && open.openedAtMs === header.openedAtMs) return;
    if (open.number === header.number && open.timestamp === header.timestamp && !open.isEmpty) {
      // Restored from storage after a restart (its sub-blocks came from this log): storage keeps the
      // block's timestamp, not the millisecond the sequencer opened it at, so take the log's schedule.
      tip.open = open.rescheduled({ openedAtMs: header.openedAtMs, notBeforeMs: header.notBeforeMs });
      return;
    }
    if (open.number !== header.number || !open.isEmpty) {
      throw new Error(`the log's block ${header.number} does not follow this node's chain (open block ${open.number}, ${open.subBlocks.length} sub-blocks)`);
    }
    // The fields the fork and parent decide follow from this node's head, as the sequencer derived them.
    const opening = headerFieldsAfter(this.parts.common, tip.head, header.timestamp, header.gasLimit);
    tip.open = new OpenBlock({ ...header, opening: { ...opening, gasLimit: header.gasLimit, baseFeePerGas: header.baseFeePerGas } });
    tip.publish();
  }
}
