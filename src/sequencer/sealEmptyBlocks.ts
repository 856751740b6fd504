import type { StoredBlock } from '../chain/records.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
import { emptyStateChanges, mergeStateChanges } from '../execution/StateChanges.js';
import { WriteBatch } from '../storage/Storage.js';
import type { ChainCommits } from './ChainCommits.js';
import type { PreconfTickEvent } from './ChainEvents.js';
import type { ChainTip } from './ChainTip.js';
import type { OpenBlock } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';
import type { BlockProducerParts } from './ProducerParts.js';
import { type Sealing, sealOpenBlock } from './sealOpenBlock.js';

/** What a run of empty blocks asks for: how many, the first being the open block, and the clock's step before each later one. */
export interface EmptyBlocksRequest {
  count: number;
  /** Seconds between each block after the first and the block before it (anvil_mine's interval; BlockParameters.stepBeforeMinedBlock). */
  intervalSeconds?: bigint;
}

/**
 * Most empty blocks sealed in one commit. A longer run commits every this many blocks, so what it holds in
 * memory stays bounded (100,000 blocks in one batch peaked at 1.6 GB); each commit ends on a whole block.
 */
export const EMPTY_BLOCKS_PER_COMMIT = 10_000;

/**
 * Most empty blocks whose commit is made on the calling thread (CommitOptions.onThisThread): evm_mine and
 * hardhat_mine of a block or a few, whose caller waits for them alone, skip the hand-offs to and from
 * LMDB's write thread (its next setImmediate, the write thread's wake-up, the callback back), as an
 * instant-mined block does. A longer run's commit stays on the write thread, so that it does not hold up
 * every other request while the disk writes it.
 */
export const EMPTY_BLOCKS_COMMITTED_ON_THIS_THREAD = 64;

/**
 * Seals `count` empty blocks — the open block (empty, already stamped) and the blocks after it — in
 * one atomic commit (one per {@link EMPTY_BLOCKS_PER_COMMIT} blocks), then publishes each in order as a
 * single seal would (its heartbeat, the block, a view, the event). Each block is whole: its block start
 * and end (EIP-4788 beacon root, EIP-2935 history, EIP-7002/7251 requests), state root, header and
 * records, stamped by the parameters as the per-block path stamps it. What changes is the cost of many:
 * one durable commit instead of one per block (anvil_mine of 10,000 blocks was ~10,000 fsyncs), and a
 * kill leaves the chain before the run or after it, never part-way (for a run longer than a commit, after
 * one of its commits).
 *
 * Each block's seal reads the state the earlier ones wrote from an overlay of their changes (the
 * world state moves only when the commit is durable) and the trie nodes they made from the trie
 * node buffer, which is flushed into the batch once, at the end.
 */
export async function sealEmptyBlocks(
  parts: BlockProducerParts,
  tip: ChainTip,
  commits: ChainCommits,
  request: EmptyBlocksRequest,
  emitTick: (tick: PreconfTickEvent) => void,
): Promise<StoredBlock[]> {
  const { parameters, clock } = parts;
  const sealed: StoredBlock[] = [];
  while (sealed.length < request.count) {
    let open = tip.open;
    if (sealed.length > 0) {
      // The next commit's first block: stamped as every block after the first.
      if (request.intervalSeconds !== undefined) parameters.stepBeforeMinedBlock(tip.head, request.intervalSeconds);
      open = openBlockAfter(tip.head, parameters, clock.now());
    }
    const count = Math.min(EMPTY_BLOCKS_PER_COMMIT, request.count - sealed.length);
    for (const block of await sealInOneCommit(parts, commits, open, { ...request, count }, emitTick)) sealed.push(block);
  }
  return sealed;
}

/** Seals `request.count` empty blocks from `first` on in one commit and publishes them. */
async function sealInOneCommit(
  parts: BlockProducerParts,
  commits: ChainCommits,
  first: OpenBlock,
  request: EmptyBlocksRequest,
  emitTick: (tick: PreconfTickEvent) => void,
): Promise<StoredBlock[]> {
  const { world, parameters, clock, trieNodes } = parts;
  const written = emptyStateChanges();
  const state = new OverlayStateReader(world, written);
  const batch = new WriteBatch();
  const sealings: Sealing[] = [];
  let open = first;
  for (let index = 0; index < request.count; index++) {
    if (index > 0) {
      if (request.intervalSeconds !== undefined) parameters.stepBeforeMinedBlock(sealings[index - 1]!.block, request.intervalSeconds);
      open = openBlockAfter(sealings[index - 1]!.block, parameters, clock.now());
    }
    // Empty: the state at its end is its parent's with its own block start and end on top (sealOpenBlock's endChanges).
    const sealing = await sealOpenBlock(parts, open, state, state);
    // Its one-shot settings (an exact timestamp, a base fee) are spent before the next block is stamped.
    parameters.sealed(open.header, clock.now());
    commits.writeSealedBlock(batch, sealing);
    mergeStateChanges(written, sealing.endChanges);
    mergeStateChanges(written, sealing.sealedAccounts);
    sealings.push(sealing);
  }
  trieNodes.flushInto(batch);
  await commits.commitLogged(batch, {}, { onThisThread: request.count <= EMPTY_BLOCKS_COMMITTED_ON_THIS_THREAD });
  return sealings.map((sealing) => {
    const { open } = sealing;
    emitTick({ blockNumber: BigInt(open.number), subBlockIndex: null, timestamp: open.timestamp, transactionHashes: [], atMs: clock.now() });
    return commits.publishSeal(sealing, clock.now());
  });
}
