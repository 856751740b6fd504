import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import { runTx } from '@ethereumjs/vm';
import { type ExecutionVm, useRulesOf } from './createExecutionVm.js';
import { impersonatedSenderOf } from './impersonatedTransaction.js';
import type { OpTransactionFacts } from './opStack/OpTransactionFacts.js';
import { evmErrorToGethMessage } from './vmErrors.js';

/** An EVM log: emitting address, topics, data. */
export interface ExecutedLog {
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
}

/** How a transaction's execution failed (receipt status 0): the EVM's error in geth's words, and what it returned (the revert bytes). */
export interface ExecutionFailure {
  vmError: string;
  returnData: Uint8Array;
}

/** What executing one transaction in a sub-block produced. */
export interface ExecutedTransaction {
  transaction: TypedTransaction;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  success: boolean;
  /** Why it failed, when it did (kept in memory only: receipts do not carry it). */
  failure?: ExecutionFailure;
  logs: ExecutedLog[];
  bloom: Uint8Array;
  contractAddress: Uint8Array | undefined;
  effectiveGasPrice: bigint;
  /** The state root after the transaction: what a legacy transaction's receipt carries before Byzantium. */
  stateRoot?: Uint8Array;
  /** Blob transactions: the blob gas they used and its price in the block. */
  blobGasUsed?: bigint;
  blobGasPrice?: bigint;
  /** OP Stack: the deposit's receipt fields, or the L1 data fee and what else the receipt shows (execution/opStack/). */
  opStack?: OpTransactionFacts;
}

/**
 * Runs a signed, pool-validated transaction on the VM's state as part of a block whose gas used
 * so far is `blockGasUsed`. The sender must already be recovered (the pool did it), so no
 * signature work happens here. Throws when the transaction is invalid on the current state
 * (e.g. its sender's balance was spent by an earlier transaction); the state is unchanged then.
 * An impersonated transaction's sender may have code (Anvil's rule: EIP-3607 is not checked).
 */
export async function executeTransaction(
  execution: ExecutionVm,
  block: Block,
  transaction: TypedTransaction,
  blockGasUsed: bigint,
): Promise<ExecutedTransaction> {
  useRulesOf(execution, block.common);
  const impersonated = impersonatedSenderOf(transaction);
  if (impersonated) execution.state.exemptSenderFromCodeCheck(impersonated.bytes);
  let result: Awaited<ReturnType<typeof runTx>>;
  try {
    result = await runTx(execution.vm, {
      tx: transaction,
      block,
      blockGasUsed,
      skipHardForkValidation: true,
      skipBlockGasLimitValidation: true,
    });
  } finally {
    execution.state.endSenderCodeExemption();
  }
  const gasUsed = result.totalGasSpent;
  const receipt = result.receipt as { stateRoot?: Uint8Array; blobGasUsed?: bigint; blobGasPrice?: bigint };
  const exception = result.execResult.exceptionError;
  return {
    transaction,
    gasUsed,
    cumulativeGasUsed: blockGasUsed + gasUsed,
    success: exception === undefined,
    ...(exception === undefined ? {} : { failure: { vmError: evmErrorToGethMessage(exception.error), returnData: result.execResult.returnValue } }),
    logs: (result.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics, data })),
    bloom: result.bloom.bitvector,
    contractAddress: result.createdAddress?.bytes,
    effectiveGasPrice: effectiveGasPrice(transaction, block.header.baseFeePerGas ?? 0n),
    ...(receipt.stateRoot === undefined ? {} : { stateRoot: receipt.stateRoot }),
    ...(receipt.blobGasUsed === undefined ? {} : { blobGasUsed: receipt.blobGasUsed, blobGasPrice: receipt.blobGasPrice }),
  };
}

/** The price per gas actually paid: min(fee cap, base fee + tip) for EIP-1559 txs, else gasPrice. */
export function effectiveGasPrice(transaction: TypedTransaction, baseFee: bigint): bigint {
  if ('maxFeePerGas' in transaction) {
    const withTip = baseFee + transaction.maxPriorityFeePerGas;
    return withTip < transaction.maxFeePerGas ? withTip : transaction.maxFeePerGas;
  }
  return (transaction as { gasPrice: bigint }).gasPrice;
}
