import type { Block } from '@ethereumjs/block';
import { ConsensusType, Hardfork } from '@ethereumjs/common';
import { encodeReceipt, orBloom } from '../../chain/receiptEncoding.js';
import { orderedTrieRoot } from '../../chain/trieRoot.js';
import { bytesToHex } from '../../primitives/hex.js';
import { type ExecutionVm, useRulesOf } from '../createExecutionVm.js';
import { type ExecutedLog, type ExecutedTransaction, executeTransaction } from '../executeTransaction.js';
import type { StateChanges } from '../StateChanges.js';
import { tryFastTransfer } from '../tryFastTransfer.js';
import { applyBlockStart } from './applyBlockStart.js';
import { collectRequests, requestsHash } from './collectRequests.js';
import { payBlockRewards } from './payBlockRewards.js';
import { payWithdrawals } from './payWithdrawals.js';

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
 * fork (the Common it was decoded with), as geth's state processor does:
 *
 *   block start (EIP-4788 beacon root, EIP-2935 parent hash)
 *     → transactions (each within the block's remaining gas; plain transfers on the fast path)
 *     → requests (Prague: deposits, EIP-7002 and EIP-7251 queues)
 *     → withdrawals (Shanghai) → proof-of-work rewards (miner, uncles; before the merge)
 *
 * The state changes stay in `execution.state` for the caller to take. `stateRootOf` computes the root of the
 * parent state with the given writes on top: receipts before Byzantium carry it after each transaction.
 * Throws an {@link InvalidBlockError} for a transaction the state refuses or a block over its gas limit.
 * The DAO fork block is not supported (no chain Sequin imports has run it).
 */
export async function executeBlock(
  execution: ExecutionVm,
  block: Block,
  options: { depositContract: Uint8Array | undefined; stateRootOf: (changes: StateChanges) => Promise<Uint8Array> },
): Promise<ExecutedBlock> {
  const rules = block.common;
  const { header } = block;
  useRulesOf(execution, rules);
  if (rules.hardforkIsActiveOnBlock(Hardfork.Dao, header.number) && rules.hardforkBlock(Hardfork.Dao) === header.number) {
    throw new InvalidBlockError('the DAO fork block is not supported');
  }
  const preByzantium = !rules.gteHardfork(Hardfork.Byzantium);
  const fastTransfers = rules.gteHardfork(Hardfork.SpuriousDragon);
  execution.state.computeStateRootsWith(preByzantium ? options.stateRootOf : undefined);
  try {
    await applyBlockStart(execution.state, rules, header);
    const environment = { baseFeePerGas: header.baseFeePerGas ?? 0n, coinbase: header.coinbase.bytes };
    const transactions: ExecutedTransaction[] = [];
    const senders: string[] = [];
    const receipts: Uint8Array[] = [];
    const logs: ExecutedLog[] = [];
    const logsBloom = new Uint8Array(256);
    let gasUsed = 0n;
    let blobGasUsed = 0n;
    for (const [index, transaction] of block.transactions.entries()) {
      if (transaction.gasLimit > header.gasLimit - gasUsed) {
        throw new InvalidBlockError(`transaction ${index}: gas limit ${transaction.gasLimit} exceeds the block's remaining gas ${header.gasLimit - gasUsed}`);
      }
      let executed: ExecutedTransaction;
      try {
        executed =
          (fastTransfers ? await tryFastTransfer(execution.state, environment, transaction, gasUsed) : undefined) ??
          (await executeTransaction(execution, block, transaction, gasUsed));
      } catch (error) {
        throw new InvalidBlockError(`transaction ${index} (${bytesToHex(transaction.hash())}): ${(error as Error).message}`);
      }
      if (preByzantium && executed.stateRoot === undefined) executed.stateRoot = await execution.state.getStateRoot();
      gasUsed = executed.cumulativeGasUsed;
      blobGasUsed += executed.blobGasUsed ?? 0n;
      transactions.push(executed);
      senders.push(Buffer.from(transaction.getSenderAddress().bytes).toString('hex'));
      logs.push(...executed.logs);
      orBloom(logsBloom, executed.bloom);
      receipts.push(
        encodeReceipt({
          type: transaction.type,
          success: executed.success,
          ...(executed.stateRoot === undefined ? {} : { stateRoot: executed.stateRoot }),
          cumulativeGasUsed: executed.cumulativeGasUsed,
          bloom: executed.bloom,
          logs: executed.logs,
        }),
      );
    }
    const requests = rules.isActivatedEIP(7685) ? await collectRequests(execution, rules, { logs, depositContract: options.depositContract }) : undefined;
    if (rules.isActivatedEIP(4895)) await payWithdrawals(execution, block.withdrawals ?? []);
    if (rules.consensusType() === ConsensusType.ProofOfWork) {
      await payBlockRewards(execution, rules, { number: header.number, coinbase: header.coinbase, uncles: block.uncleHeaders });
    }
    return {
      transactions,
      senders,
      receipts,
      gasUsed,
      logsBloom,
      receiptsRoot: orderedTrieRoot(receipts),
      blobGasUsed,
      requestsHash: requests === undefined ? undefined : requestsHash(requests),
    };
  } finally {
    execution.state.computeStateRootsWith(undefined);
  }
}
