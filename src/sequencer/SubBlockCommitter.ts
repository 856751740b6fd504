import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { commitmentOf, type SignedCommitment } from '../chain/subBlockCommitment.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { type NextStateRoot, SubBlockStateRoots } from '../execution/SubBlockStateRoots.js';
import { hexToBytes } from '../primitives/hex.js';
import type { CommitmentSigner } from './CommitmentSigner.js';
import type { OpenBlock, SubBlockContents } from './OpenBlock.js';
import type { BlockProducerParts } from './ProducerParts.js';

/** The transactions and receipts roots of a block's transactions so far. */
export interface TriesRoots {
  transactionsRoot: Uint8Array;
  receiptsRoot: Uint8Array;
}

/** Roots after a sub-block known before it is signed (see {@link SubBlockCommitter.prepare}). */
export interface KnownRoots {
  stateRoot?: Uint8Array;
  tries?: TriesRoots;
}

/** A sub-block's commitment, signed but not yet durable: {@link take} once it is written, {@link abandon} if that failed. */
export interface PreparedCommitment {
  signed: SignedCommitment;
  take(): void;
  abandon(): void;
}

/**
 * Signs a sub-block of the open block (issue 26): the open block's roots after it — transactions and
 * receipts (the open block's incremental tries, OpenBlock.tries), state (SubBlockStateRoots) — with its
 * place in the chain of commitments. A commitment is a function of its durable sub-block (and the
 * signature of the commitment, RFC 6979): made again after a restart or by a standby that took over, it
 * is byte for byte the same, so no place is ever signed twice with different contents.
 *
 * Two moments, one computation: {@link signLatest} signs the open block's latest sub-block once it is
 * durable (SubBlockCommitments, right after the sub-block, off the tick); {@link prepare} signs a sub-block
 * before its commit, for a sub-block sealed in the same commit as its block (instant mining), whose roots
 * the seal computes anyway.
 */
export class SubBlockCommitter {
  constructor(
    private readonly parts: Pick<BlockProducerParts, 'storage' | 'world' | 'trieNodes'>,
    private readonly signer: CommitmentSigner | undefined,
  ) {}

  /** True on a node with a sequencer key. */
  get signs(): boolean {
    return this.signer !== undefined;
  }

  /**
   * Signs `contents` as the next sub-block of `open`, not yet appended nor written, and sets it as the
   * contents' commitment; undefined on a node without a key. `known` holds the roots after the sub-block
   * that are known already (those of the block it is sealed into in the same commit: its transactions and
   * receipts roots, and its state root when the block end wrote nothing): they are not computed again.
   */
  async prepare(open: OpenBlock, contents: SubBlockContents, known: KnownRoots = {}): Promise<PreparedCommitment | undefined> {
    if (!this.signer) return undefined;
    const { stateRoot } = known;
    const folded = stateRoot === undefined ? await this.fold(open, contents, new LayeredStateReader(this.parts.world, [contents.changes])) : undefined;
    const before = open.tries.length;
    for (const input of contents.sealInputs) open.tries.append(input.raw, input.receipt);
    const signed = this.sign(open, contents, open.logCount, stateRoot ?? folded!.next.stateRoot, known.tries);
    contents.commitment = signed;
    return {
      signed,
      take: () => folded?.roots.take(folded.next),
      abandon: () => {
        open.tries.truncate(before);
        delete contents.commitment;
      },
    };
  }

  /**
   * Signs `contents` before its commit ({@link prepare}) and runs `commit`, which writes the commitment with its
   * sub-block: the commitment becomes the open block's only if the commit succeeds.
   */
  async commitSigned(open: OpenBlock, contents: SubBlockContents, commit: () => Promise<void>, known?: KnownRoots): Promise<void> {
    const prepared = await this.prepare(open, contents, known);
    try {
      await commit();
    } catch (error) {
      prepared?.abandon();
      throw error;
    }
    prepared?.take();
  }

  /**
   * Signs the open block's latest sub-block, appended and durable, which has no commitment yet;
   * `finalState` is the state right after it (the pending state of the view that first included it).
   * Undefined on a node without a key, or when an earlier sub-block of the block has no commitment
   * either (a block begun by a node without a key, or by a Sequin before issue 26): a chain of
   * commitments with a hole would name the wrong `previous`.
   */
  async signLatest(open: OpenBlock, finalState: StateReader): Promise<PreparedCommitment | undefined> {
    const index = open.subBlocks.length - 1;
    const contents = open.contents[index];
    if (!this.signer || !contents || open.commitments.length !== index) return undefined;
    let folded: { roots: SubBlockStateRoots; next: NextStateRoot } | undefined;
    let stateRoot: Uint8Array;
    if (open.stateRoots?.subBlockCount === index) {
      folded = await this.fold(open, contents, finalState);
      stateRoot = folded.next.stateRoot;
    } else {
      // A restart or a takeover: the block so far folded once, this sub-block included.
      open.stateRoots = await this.rootsAfter(open, open.subBlocks.length, finalState);
      stateRoot = open.stateRoots.current;
    }
    // Each root in a turn of the event loop of its own (they are cached for sign): sends and reads go on between.
    await yieldToEventLoop();
    open.tries.transactionsRoot();
    await yieldToEventLoop();
    open.tries.receiptsRoot();
    await yieldToEventLoop();
    const signed = this.sign(open, contents, open.logCount - contents.logCount, stateRoot);
    return { signed, take: () => folded?.roots.take(folded.next), abandon: () => {} };
  }

  /**
   * The commitment of `contents`, the sub-block whose transactions the open block's tries end with (their
   * roots are `tries`, when known already).
   */
  private sign(open: OpenBlock, contents: SubBlockContents, firstLogIndex: number, stateRoot: Uint8Array, tries?: TriesRoots): SignedCommitment {
    let logIndex = firstLogIndex;
    const firstLogIndexes = contents.records.map((record) => {
      const first = logIndex;
      logIndex += record.receipt.logs.length;
      return first;
    });
    return this.signer!.sign(
      commitmentOf({
        blockNumber: open.number,
        index: contents.subBlock.index,
        previous: hexToBytes(open.lastCommitmentHash),
        timestamp: open.timestamp,
        baseFeePerGas: open.baseFeePerGas,
        transactionCount: open.tries.length,
        firstLogIndexes,
        transactionsRoot: tries?.transactionsRoot ?? open.tries.transactionsRoot(),
        receiptsRoot: tries?.receiptsRoot ?? open.tries.receiptsRoot(),
        stateRoot,
      }),
    );
  }

  /** The state root after `contents`, folded onto the root after the open block's sub-blocks before it. */
  private async fold(open: OpenBlock, contents: SubBlockContents, finalState: StateReader): Promise<{ roots: SubBlockStateRoots; next: NextStateRoot }> {
    const parentState = new PersistedStateReader(this.parts.storage, open.number - 1);
    const before = open.contents.indexOf(contents);
    const count = before === -1 ? open.subBlocks.length : before;
    if (open.stateRoots?.subBlockCount !== count) open.stateRoots = await this.rootsAfter(open, count, this.parts.world);
    const next = await open.stateRoots.next(contents.changes, finalState, parentState);
    return { roots: open.stateRoots, next };
  }

  /**
   * The open block's state roots after its first `count` sub-blocks, folded at once (a restart, a takeover).
   * `finalState` is the state after them: all the block's sub-blocks must be among them (their merged
   * changes are the block's so far), so `count` is the open block's sub-block count.
   */
  private async rootsAfter(open: OpenBlock, count: number, finalState: StateReader): Promise<SubBlockStateRoots> {
    if (count !== open.subBlocks.length)
      throw new Error(`block ${open.number}: state roots after ${count} of ${open.subBlocks.length} sub-blocks cannot be folded at once`);
    return SubBlockStateRoots.after({
      parentRoot: open.parentStateRoot,
      subBlockCount: count,
      changes: open.changes,
      finalState,
      parentState: new PersistedStateReader(this.parts.storage, open.number - 1),
      nodes: this.parts.trieNodes,
    });
  }
}
