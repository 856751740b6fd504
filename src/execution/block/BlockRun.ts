import type { Block } from '@ethereumjs/block';
import { Hardfork } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import { type BlockRequests, requestsHash } from '../../chain/requestsHash.js';
import { type ExecutionVm, useRulesOf } from '../createExecutionVm.js';
import { type ExecutedTransaction, executeTransaction } from '../executeTransaction.js';
import { tryFastTransfer } from '../tryFastTransfer.js';
import { BlockFold, type FoldedTransaction } from './BlockFold.js';
import type { BlockContext, BlockEnd, BlockRules, TransactionOutcome } from './BlockRules.js';
import { blockRulesOf } from './ethereumBlockRules.js';

/** What the end of a block decided for its header. */
export interface BlockEnding {
  /** From Prague: the EIP-7685 request lists, in type order (empty ones included). */
  requests: BlockRequests[] | undefined;
  /** From Prague: their EIP-7685 hash. */
  requestsHash: Uint8Array | undefined;
}

/** A transaction applied in a block: what executing it produced and how it was folded in. */
export interface AppliedTransaction {
  executed: ExecutedTransaction;
  folded: FoldedTransaction;
}

/**
 * One block's life on a VM, the one lifecycle every path runs (geth's state processor; reth's block
 * executor): the sequencer (a run per sub-block, see sequencer/), chain import and tracing replays,
 * testing_buildBlockV1 and eth_simulateV1.
 *
 *   start()                    the rules' block-start steps (EIP-4788 beacon root, EIP-2935 parent hash)
 *   applyTransaction(tx)       execute (fast path for plain transfers, else the EVM), then ─┐
 *   transactionDone(tx, out)   for a caller that executed it itself: the rules' transaction-end
 *                              steps, the pre-Byzantium state root, the receipt, the fold
 *   end(input)                 the rules' block-end steps: requests (EIP-7685), withdrawals, rewards
 *
 * The steps are the block's {@link BlockRules} (blockRulesOf). The state is the VM's (`execution.state`),
 * set by the caller to the parent's state (or the block's so far); its changes stay there for the caller.
 */
export class BlockRun {
  readonly fold: BlockFold;
  private readonly context: BlockContext;
  private readonly steps: BlockRules;
  private readonly preByzantium: boolean;
  /** The fast path has EIP-161's rules (touched empty accounts removed): not before Spurious Dragon. */
  private readonly fastTransfers: boolean;

  constructor(
    readonly execution: ExecutionVm,
    readonly block: Block,
    options: { fold?: BlockFold } = {},
  ) {
    const rules = block.common;
    this.context = { execution, block, rules };
    this.steps = blockRulesOf(rules);
    this.fold = options.fold ?? new BlockFold();
    this.preByzantium = !rules.gteHardfork(Hardfork.Byzantium);
    this.fastTransfers = rules.gteHardfork(Hardfork.SpuriousDragon);
  }

  /** What the block does before its first transaction. */
  async start(): Promise<void> {
    useRulesOf(this.execution, this.context.rules);
    for (const step of this.steps.atStart) await step(this.context);
  }

  /**
   * Executes `transaction` as the block's next and folds it in. Throws, changing nothing, when the state
   * refuses it (nonce, funds, fee cap …). `evmOnly` skips the plain-transfer fast path (a traced replay).
   */
  async applyTransaction(transaction: TypedTransaction, options: { raw?: Uint8Array; evmOnly?: boolean } = {}): Promise<AppliedTransaction> {
    const { execution, block } = this;
    const gasUsed = this.fold.gasUsed;
    const environment = { baseFeePerGas: block.header.baseFeePerGas ?? 0n, coinbase: block.header.coinbase.bytes };
    const executed =
      (this.fastTransfers && !options.evmOnly ? await tryFastTransfer(execution.state, environment, transaction, gasUsed) : undefined) ??
      (await executeTransaction(execution, block, transaction, gasUsed));
    const folded = await this.transactionDone(transaction, executed, options.raw);
    return { executed, folded };
  }

  /**
   * Completes a transaction the caller executed on this run's state: the rules' transaction-end steps, the
   * state root its receipt carries before Byzantium (when the execution did not give one), its receipt,
   * and the fold.
   */
  async transactionDone(transaction: TypedTransaction, outcome: TransactionOutcome, raw?: Uint8Array): Promise<FoldedTransaction> {
    for (const step of this.steps.afterTransaction) await step(this.context, transaction, outcome);
    if (this.preByzantium && outcome.stateRoot === undefined) outcome.stateRoot = await this.execution.state.getStateRoot();
    const receipt = this.steps.receiptOf(transaction, outcome, this.fold.gasUsed + outcome.gasUsed);
    return this.fold.add(raw ?? transaction.serialize(), receipt, outcome);
  }

  /**
   * What the block does after its last transaction. `logs` are the block's logs (default: those folded
   * here; a sequencer's sub-block runs hold only their own).
   */
  async end(input: { withdrawals?: BlockEnd['withdrawals']; uncles?: BlockEnd['uncles']; logs?: BlockEnd['logs'] } = {}): Promise<BlockEnding> {
    useRulesOf(this.execution, this.context.rules);
    const end: BlockEnd = {
      withdrawals: input.withdrawals ?? [],
      uncles: input.uncles ?? [],
      logs: input.logs ?? (() => this.fold.logs),
      requests: undefined,
    };
    for (const step of this.steps.atEnd) await step(this.context, end);
    return { requests: end.requests, requestsHash: end.requests === undefined ? undefined : requestsHash(end.requests) };
  }
}
