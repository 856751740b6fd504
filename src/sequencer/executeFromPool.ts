import { type Common, Hardfork } from '@ethereumjs/common';
import { ForkRemoteError } from '../errors/ForkRemoteError.js';
import { toExecutionBlock } from '../execution/BlockEnvironment.js';
import type { ExecutionVm } from '../execution/createExecutionVm.js';
import { type ExecutedTransaction, executeTransaction } from '../execution/executeTransaction.js';
import { tryFastTransfer } from '../execution/tryFastTransfer.js';
import type { Logger } from '../primitives/logger.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import type { TxPool } from '../txpool/TxPool.js';
import type { OpenBlock } from './OpenBlock.js';
import { openBlockEnvironment } from './openBlockEnvironment.js';

/** A pool transaction and what executing it produced. */
export interface ExecutedPoolTransaction {
  result: ExecutedTransaction;
  source: PoolTransaction;
}

/** What one pass over the pool executed, and what failed and must leave the pool. */
export interface PoolExecution {
  executed: ExecutedPoolTransaction[];
  failed: PoolTransaction[];
  /** The open block's cumulative gas after the executed transactions. */
  gasUsed: bigint;
}

/**
 * Executes executable pool transactions on `execution`'s state for the open block (under its fork's
 * rules, within its gas limit), best
 * effective tip first and in nonce order per sender, until the pool has nothing more or the
 * block is full. A transaction that no longer executes (its sender's balance was spent) is
 * reported as failed and its sender skipped. The selected transactions stay marked in flight
 * in the pool until the caller publishes or releases them.
 */
export async function executeFromPool(options: {
  common: Common;
  pool: TxPool;
  execution: ExecutionVm;
  open: OpenBlock;
  logger: Logger;
}): Promise<PoolExecution> {
  const { pool, execution, open, logger } = options;
  const { gasLimit, coinbase } = open;
  const block = toExecutionBlock(options.common, openBlockEnvironment(open, coinbase));
  // The fast path has EIP-161's rules (touched empty accounts removed): not before Spurious Dragon.
  const fastTransfers = block.common.gteHardfork(Hardfork.SpuriousDragon);
  const preByzantium = !block.common.gteHardfork(Hardfork.Byzantium);
  const executed: ExecutedPoolTransaction[] = [];
  const failed: PoolTransaction[] = [];
  let gasUsed = open.gasUsed;
  await pool.select(open.baseFeePerGas, async (candidate) => {
    const remaining = gasLimit - gasUsed;
    if (remaining < 21_000n) return 'stop';
    if (candidate.gasLimit > remaining) return 'skipSender';
    try {
      const result =
        (fastTransfers ? await tryFastTransfer(execution.state, { baseFeePerGas: open.baseFeePerGas, coinbase }, candidate.transaction, gasUsed) : undefined) ??
        (await executeTransaction(execution, block, candidate.transaction, gasUsed));
      // Before Byzantium the receipt carries the state root after the transaction (runTx asked for it; the fast path did not).
      if (preByzantium && result.stateRoot === undefined) result.stateRoot = await execution.state.getStateRoot();
      gasUsed = result.cumulativeGasUsed;
      if (result.failure) candidate.executionFailure = result.failure;
      executed.push({ result, source: candidate });
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
  return { executed, failed, gasUsed };
}
