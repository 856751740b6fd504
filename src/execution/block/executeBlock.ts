import type { Block } from '@ethereumjs/block';
import { Hardfork } from '@ethereumjs/common';
import { bytesToHex } from '../../primitives/hex.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedTransaction } from '../executeTransaction.js';
import type { StateChanges } from '../StateChanges.js';
import { type BlockEnding, BlockRun } from './BlockRun.js';

/** What executing a whole block produced: its transactions' outcomes and the header fields they decide. */
export interface ExecutedBlock {
  transactions: ExecutedTransaction[];
  /** Each transaction's sender, unprefixed lower-case hex. */
  senders: string[];
  /** The EIP-2718 receipt encodings, for the receipts root and debug_getRawReceipts. */
  receipts: Uint8Array[];
  gasUsed: bigint;
  logsBloom: Uint8Array;
  receiptsRoot: Uint8Array;
  blobGasUsed: bigint;
  /** From Prague: the EIP-7685 requests hash. */
  requestsHash: Uint8Array | undefined;
}

/** A block the chain's rules refuse: what is wrong with it, in words (the caller adds the block number). */
export class InvalidBlockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBlockError';
  }
}

/**
 * Executes `block` on `execution`'s state (reset by the caller to the parent's state) under the block's own
 * fork (the Common it was decoded with), through the one block lifecycle ({@link BlockRun}), as geth's state
 * processor does:
 *
 *   block start (EIP-4788 beacon root, EIP-2935 parent hash)
 *     → transactions (each within the block's remaining gas; plain transfers on the fast path)
 *     → requests (Prague: deposits, EIP-7002 and EIP-7251 queues)
 *     → withdrawals (Shanghai) → proof-of-work rewards (miner, uncles; before the merge)
 *
 * The state changes stay in `execution.state` for the caller to take. `stateRootOf` computes the root of the
 * parent state with the given writes on top: receipts before Byzantium carry it after each transaction.
 * Throws an {@link InvalidBlockError} for a transaction the state refuses, a block over its gas limit, or a
 * failing system call. The DAO fork block is not supported (no chain Sequin imports has run it).
 */
export async function executeBlock(
  execution: ExecutionVm,
  block: Block,
  options: { stateRootOf: (changes: StateChanges) => Promise<Uint8Array> },
): Promise<ExecutedBlock> {
  const rules = block.common;
  const { header } = block;
  if (rules.hardforkIsActiveOnBlock(Hardfork.Dao, header.number) && rules.hardforkBlock(Hardfork.Dao) === header.number) {
    throw new InvalidBlockError('the DAO fork block is not supported');
  }
  execution.state.computeStateRootsWith(rules.gteHardfork(Hardfork.Byzantium) ? undefined : options.stateRootOf);
  try {
    const run = new BlockRun(execution, block);
    await run.start();
    const transactions: ExecutedTransaction[] = [];
    const senders: string[] = [];
    for (const [index, transaction] of block.transactions.entries()) {
      const remaining = header.gasLimit - run.fold.gasUsed;
      if (transaction.gasLimit > remaining) {
        throw new InvalidBlockError(`transaction ${index}: gas limit ${transaction.gasLimit} exceeds the block's remaining gas ${remaining}`);
      }
      try {
        transactions.push((await run.applyTransaction(transaction)).executed);
      } catch (error) {
        throw new InvalidBlockError(`transaction ${index} (${bytesToHex(transaction.hash())}): ${(error as Error).message}`);
      }
      senders.push(Buffer.from(transaction.getSenderAddress().bytes).toString('hex'));
    }
    let ending: BlockEnding;
    try {
      ending = await run.end({ withdrawals: block.withdrawals ?? [], uncles: block.uncleHeaders });
    } catch (error) {
      throw new InvalidBlockError((error as Error).message);
    }
    const { fold } = run;
    return {
      transactions,
      senders,
      receipts: fold.receipts,
      gasUsed: fold.gasUsed,
      logsBloom: fold.bloom,
      receiptsRoot: fold.tries.receiptsRoot(),
      blobGasUsed: fold.blobGasUsed,
      requestsHash: ending.requestsHash,
    };
  } finally {
    execution.state.computeStateRootsWith(undefined);
  }
}
