import { Hardfork } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import { type ConsensusReceipt, encodeReceipt } from '../../chain/receiptEncoding.js';
import { executeTransaction } from '../executeTransaction.js';
import { tryFastTransfer } from '../tryFastTransfer.js';
import type { BlockRules, TransactionExecutor, TransactionOutcome } from './BlockRules.js';
import { storeBeaconRoot, storeParentHash } from './blockStartSystemCalls.js';
import { collectRequests } from './collectRequests.js';
import { payBlockRewards } from './payBlockRewards.js';
import { payWithdrawals } from './payWithdrawals.js';

/**
 * Ethereum's transaction execution: a plain transfer on the fast path (tryFastTransfer: the same effects
 * as runTx, without the EVM; it has EIP-161's rules, so not before Spurious Dragon; `evmOnly` skips it for
 * traced replays), anything else through runTx.
 */
export const executeEthereumTransaction: TransactionExecutor = async ({ execution, block, rules }, transaction, blockGasUsed, options) => {
  const fast = rules.gteHardfork(Hardfork.SpuriousDragon) && !options.evmOnly;
  const environment = { baseFeePerGas: block.header.baseFeePerGas ?? 0n, coinbase: block.header.coinbase.bytes };
  return (
    (fast ? await tryFastTransfer(execution.state, environment, transaction, blockGasUsed) : undefined) ??
    (await executeTransaction(execution, block, transaction, blockGasUsed))
  );
};

/** The consensus receipt every chain's transaction has (a chain's rules may add fields of their own, as OP's deposits do). */
export function ethereumReceiptFields(transaction: TypedTransaction, outcome: TransactionOutcome, cumulativeGasUsed: bigint): ConsensusReceipt {
  return {
    type: transaction.type,
    success: outcome.success,
    ...(outcome.stateRoot === undefined ? {} : { stateRoot: outcome.stateRoot }),
    cumulativeGasUsed,
    bloom: outcome.bloom,
    logs: outcome.logs,
  };
}

/**
 * Ethereum's block rules, every fork's: each step applies from its fork on (it checks the block's rules
 * itself), in the order geth's state processor and consensus engine run them.
 */
export const ETHEREUM_BLOCK_RULES: BlockRules = {
  atStart: [storeBeaconRoot, storeParentHash],
  openingTransactions: () => [],
  executeTransaction: executeEthereumTransaction,
  afterTransaction: [],
  receiptOf: (transaction, outcome, cumulativeGasUsed) => encodeReceipt(ethereumReceiptFields(transaction, outcome, cumulativeGasUsed)),
  atEnd: [collectRequests, payWithdrawals, payBlockRewards],
};
