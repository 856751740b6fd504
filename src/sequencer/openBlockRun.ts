import { toExecutionBlock } from '../execution/BlockEnvironment.js';
import { BlockFold } from '../execution/block/BlockFold.js';
import { BlockRun } from '../execution/block/BlockRun.js';
import type { OpenBlock } from './OpenBlock.js';
import { openBlockEnvironment } from './openBlockEnvironment.js';
import type { BlockProducerParts } from './ProducerParts.js';

/**
 * The block lifecycle (execution/block/BlockRun) for the next part of the open block, on the execution
 * state as the caller set it: a sub-block's transactions, or the seal's block end. Its fold continues
 * after the sub-blocks already committed (cumulative gas, log indexes). The block start belongs to the
 * block's first part: `start` runs it when no sub-block is committed yet.
 */
export async function openBlockRun(parts: Pick<BlockProducerParts, 'common' | 'execution'>, open: OpenBlock): Promise<BlockRun> {
  const block = toExecutionBlock(parts.common, openBlockEnvironment(open, open.coinbase));
  const run = new BlockRun(parts.execution, block, { fold: new BlockFold({ gasUsed: open.gasUsed, logCount: open.logCount }) });
  if (open.isEmpty) await run.start();
  return run;
}
