import type { ChainCommits } from './ChainCommits.js';
import type { ChainTip } from './ChainTip.js';
import type { BlockProducerParts } from './ProducerParts.js';
import type { SubBlockCommitter } from './SubBlockCommitter.js';

const SETTLED = Promise.resolve();

/**
 * The signed commitments of sub-blocks already durable (issue 26), made off the tick: a sub-block is
 * committed, published and announced first; its commitment is computed right after, on a later turn
 * of the event loop ({@link schedule}), logged as an entry of its own in a fleet (ChainCommits.
 * logCommitment), which followers apply, then published and announced (`subBlockCommitment`). It gets
 * no durable commit of its own: it is written with the next commit of the sequencer (ChainCommits.
 * commitLogged carries it: the next sub-block's, the seal's), or alone before a rewind and at a stop
 * ({@link settleWritten}): one storage commit (one fsync) per sub-block, not two.
 *
 *   tick: execute ─▶ commit ─▶ publish ─▶ 'subBlock' (sends answered, pending reads, Base's streams)
 *                                   └─▶ next macrotask: roots + signature ─▶ log ─▶ 'subBlockCommitment'
 *                                                                  └─▶ written with the next commit
 *
 * The work is the open block's sub-blocks that have no commitment yet, and it is bounded: every step of
 * the producer that adds a sub-block, seals or rewinds first waits for it ({@link settle}), so at most
 * one sub-block is ever without its commitment — the latest — and the commitment is always computed
 * over the state right after its sub-block (the pending state). A restarted sequencer (kill -9 after a
 * sub-block's commit and before the next) or a standby that takes over finds at most that one missing,
 * and makes it when it starts: the same commitment, served or not, since it is a function of the durable
 * sub-block (and the signature deterministic). A sealed block always has all its commitments (the seal
 * waits for the last one and writes it).
 */
export class SubBlockCommitments {
  /** The catch-up under way, if any. */
  private running: Promise<void> | undefined;
  private scheduled: ReturnType<typeof setImmediate> | undefined;

  constructor(
    private readonly parts: Pick<BlockProducerParts, 'events' | 'logger'>,
    private readonly tip: ChainTip,
    private readonly commits: ChainCommits,
    private readonly committer: SubBlockCommitter,
  ) {}

  /** True on a node with a sequencer key (whose sub-blocks get commitments). */
  get signs(): boolean {
    return this.committer.signs;
  }

  /** Makes the latest sub-block's commitment on a later turn of the event loop (after what announced it). */
  schedule(): void {
    if (!this.committer.signs || this.scheduled) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      // Why it could not be written is reported where it happened (the storage guard, the fleet's log); the next step tries again.
      this.settle().catch((error) => this.parts.logger.debug('a sub-block commitment could not be made yet; the next step tries again', { error }));
    });
  }

  /**
   * Resolves once every durable sub-block of the open block that can be signed has its commitment: the
   * one under way, or the latest sub-block's, made now. Rejects when it could not be written (the log
   * refused it: another sequencer took over; storage failed); the next call tries again.
   */
  settle(): Promise<void> {
    // Nothing to make (the common case of every step, instant mining's included): no promise to chain.
    if (!this.committer.signs || (!this.running && !this.lacksOne())) return SETTLED;
    this.running ??= this.catchUp().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The commitment of the open block's latest sub-block, if it has none yet: signed, written (and logged), then announced. */
  private async catchUp(): Promise<void> {
    const open = this.tip.open;
    if (!this.lacksOne()) return;
    const view = this.tip.views.current();
    if (view.open.number !== open.number || view.open.subBlockCount !== open.subBlocks.length) return;
    const prepared = await this.committer.signLatest(open, view.pendingState);
    if (!prepared) return;
    await this.commits.logCommitment(prepared.signed);
    // Nothing else moves the open block meanwhile: a step that would waits for this.
    prepared.take();
    this.commits.publishUnwrittenCommitment(prepared.signed);
  }

  /**
   * {@link settle}, then writes the commitment made that has not ridden with a commit yet, in a commit of its
   * own: before a rewind (which reads the durable commitments) and when the node stops producing.
   */
  async settleWritten(): Promise<void> {
    await this.settle();
    await this.commits.writeUnwrittenCommitment();
  }

  /** True when the open block's latest sub-block, and only it, has no commitment yet. */
  private lacksOne(): boolean {
    const open = this.tip.open;
    return open.commitments.length === open.subBlocks.length - 1;
  }
}
