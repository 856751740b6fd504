import { ForkRemoteError } from '../errors/ForkRemoteError.js';
import type { BlockRun } from '../execution/block/BlockRun.js';
import type { ExecutedTransaction } from '../execution/executeTransaction.js';
import type { Logger } from '../primitives/logger.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TxPool } from '../txpool/TxPool.js';

/** A pool transaction, what executing it produced, and its consensus receipt in the block. */
export interface ExecutedPoolTransaction {
  result: ExecutedTransaction;
  source: PoolTransaction;
  receipt: Uint8Array;
}

/** What one pass over the pool executed, and what failed and must leave the pool. */
export interface PoolExecution {
  executed: ExecutedPoolTransaction[];
  failed: PoolTransaction[];
}

/**
 * Executes executable pool transactions as the open block's next ones, through `run` (the block
 * lifecycle: execution, the transaction-end rules, the receipt), within its gas limit: best
 * effective tip first and in nonce order per sender, until the pool has nothing more or the
 * block is full. A transaction that no longer executes (its sender's balance was spent) is
 * reported as failed and its sender skipped. The selected transactions stay marked in flight
 * in the pool until the caller publishes or releases them.
 */
export async function executeFromPool(options: { pool: TxPool; run: BlockRun; logger: Logger }): Promise<PoolExecution> {
  const { pool, run, logger } = options;
  const { gasLimit, baseFeePerGas } = run.block.header;
  const executed: ExecutedPoolTransaction[] = [];
  const failed: PoolTransaction[] = [];
  await pool.select(baseFeePerGas ?? 0n, async (candidate) => {
    const remaining = gasLimit - run.fold.gasUsed;
    if (remaining < 21_000n) return 'stop';
    if (candidate.gasLimit > remaining) return 'skipSender';
    try {
      const applied = await run.applyTransaction(candidate.transaction, { raw: candidate.raw });
      // Kept for instant mining's answer to the send (services/dev/miningIntake.ts: Hardhat's error).
      if (applied.executed.failure) candidate.executionFailure = applied.executed.failure;
      executed.push({ result: applied.executed, source: candidate, receipt: applied.folded.receipt });
      return 'next';
    } catch (error) {
      // The forked chain's node failed (fork mode): the tx is fine, the remote is not. It stays in
      // the pool for the next tick rather than being dropped, and this sub-block ends here.
      if (error instanceof ForkRemoteError) {
        logger.warn('fork remote failed; the transaction waits in the pool', { hash: candidate.hash, error: error.message });
        return 'stop';
      }
      failed.push(candidate);
      logger.warn('dropping transaction that no longer executes', { hash: candidate.hash, error });
      return 'skipSender';
    }
  });
  return { executed, failed };
}
