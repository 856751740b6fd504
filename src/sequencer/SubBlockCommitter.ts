import { commitmentOf, type SignedCommitment } from '../chain/subBlockCommitment.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import { type NextStateRoot, SubBlockStateRoots } from '../execution/SubBlockStateRoots.js';
import { hexToBytes } from '../primitives/hex.js';
import type { CommitmentSigner } from './CommitmentSigner.js';
import type { OpenBlock, SubBlockContents } from './OpenBlock.js';
import type { BlockProducerParts } from './ProducerParts.js';

/** A sub-block's commitment, signed but not yet durable: {@link take} once its commit succeeded, {@link abandon} if it failed. */
export interface PreparedCommitment {
  signed: SignedCommitment;
  take(): void;
  abandon(): void;
}

/**
 * Signs each sub-block the producer makes (issue 26): the open block's roots after it — transactions and
 * receipts (the open block's incremental tries, OpenBlock.tries), state (SubBlockStateRoots) — with its
 * place in the chain of commitments. Signed before the sub-block's commit and written in the same batch
 * and log entry, so a commitment anyone sees is as durable as its sub-block; and since the commitment
 * is a function of the sub-block (and the signature of the commitment, RFC 6979), a sub-block that never
 * became durable leaves nothing signed that anyone saw.
 */
export class SubBlockCommitter {
  constructor(
    private readonly parts: Pick<BlockProducerParts, 'storage' | 'world' | 'trieNodes'>,
    private readonly signer: CommitmentSigner | undefined,
  ) {}

  /**
   * Signs `contents` as the next sub-block of `open`, sets it as the contents' commitment; undefined on a node without a key.
   * `stateRoot`, when given, is the state root after the sub-block, known already (the root of the block
   * it is sealed into in the same commit, when the block end wrote nothing): it is not folded again.
   */
  async prepare(open: OpenBlock, contents: SubBlockContents, stateRoot?: Uint8Array): Promise<PreparedCommitment | undefined> {
    if (!this.signer) return undefined;
    const folded = stateRoot === undefined ? await this.fold(open, contents) : undefined;
    const before = open.tries.length;
    for (const input of contents.sealInputs) open.tries.append(input.raw, input.receipt);
    let logIndex = open.logCount;
    const firstLogIndexes = contents.records.map((record) => {
      const first = logIndex;
      logIndex += record.receipt.logs.length;
      return first;
    });
    const signed = this.signer.sign(
      commitmentOf({
        blockNumber: open.number,
        index: contents.subBlock.index,
        previous: hexToBytes(open.lastCommitmentHash),
        timestamp: open.timestamp,
        baseFeePerGas: open.baseFeePerGas,
        transactionCount: open.tries.length,
        firstLogIndexes,
        transactionsRoot: open.tries.transactionsRoot(),
        receiptsRoot: open.tries.receiptsRoot(),
        stateRoot: stateRoot ?? folded!.next.stateRoot,
      }),
    );
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

  /** The state root after `contents`, folded onto the open block's roots so far. */
  private async fold(open: OpenBlock, contents: SubBlockContents): Promise<{ roots: SubBlockStateRoots; next: NextStateRoot }> {
    const { world, storage } = this.parts;
    const parentState = new PersistedStateReader(storage, open.number - 1);
    const roots = await this.stateRootsOf(open, parentState);
    const next = await roots.next(contents.changes, new LayeredStateReader(world, [contents.changes]), parentState);
    return { roots, next };
  }

  /** The open block's state roots after its sub-blocks so far: kept with the block, or folded once (a restart, a takeover). */
  private async stateRootsOf(open: OpenBlock, parentState: PersistedStateReader): Promise<SubBlockStateRoots> {
    if (open.stateRoots?.subBlockCount === open.subBlocks.length) return open.stateRoots;
    open.stateRoots = await SubBlockStateRoots.after({
      parentRoot: open.parentStateRoot,
      subBlockCount: open.subBlocks.length,
      changes: open.changes,
      finalState: this.parts.world,
      parentState,
      nodes: this.parts.trieNodes,
    });
    return open.stateRoots;
  }
}
