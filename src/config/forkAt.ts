/**
 * The fork whose rules a block runs under, from its number and timestamp, as geth decides it:
 *
 * - forks up to Gray Glacier by block number (`blockForks`);
 * - the merge (Paris) at the terminal total difficulty: geth takes a block as post-merge when its
 *   difficulty is 0 on a chain with a terminal total difficulty. Without the header's difficulty, a
 *   block is taken as post-merge when the terminal total difficulty is 0, from `mergeNetsplitBlock`
 *   on, or once a timestamp fork is active;
 * - Shanghai and later by timestamp, and only once London is active (geth's `IsShanghai` etc.).
 *
 * The answer is @ethereumjs/common's hardfork name ('mergeNetsplitBlock' is Paris's rules with geth's
 * fork-id marker), ready for `Common.setHardfork`.
 */
import type { ChainSpec, ForkName } from './ChainSpec.js';

/** What {@link forkAt} needs of a block. */
export interface BlockPosition {
  number: bigint;
  timestamp: bigint;
  /** The header's difficulty, when known: it decides the merge exactly. */
  difficulty?: bigint;
}

/** The fork active at `block` on the chain `spec` describes. */
export function forkAt(spec: ChainSpec, block: BlockPosition): ForkName {
  let fork: ForkName = 'chainstart';
  let londonActive = false;
  for (const scheduled of spec.blockForks) {
    if (scheduled.block > block.number) break;
    fork = scheduled.fork;
    if (fork === 'london') londonActive = true;
  }
  let timestampFork: ForkName | undefined;
  if (londonActive) {
    for (const scheduled of spec.timestampForks) if (scheduled.timestamp <= block.timestamp) timestampFork = scheduled.fork;
  }
  const { terminalTotalDifficulty, netsplitBlock } = spec.merge;
  const pastNetsplit = netsplitBlock !== undefined && block.number >= netsplitBlock;
  const merged =
    terminalTotalDifficulty !== undefined &&
    (block.difficulty !== undefined ? block.difficulty === 0n : terminalTotalDifficulty === 0n || pastNetsplit || timestampFork !== undefined);
  if (merged) fork = pastNetsplit ? 'mergeNetsplitBlock' : 'paris';
  return timestampFork ?? fork;
}
