import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { Address } from '@ethereumjs/util';
import type { BlockRequests } from '../../chain/requestsHash.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedLog, ExecutedTransaction } from '../executeTransaction.js';

/**
 * The seam where a chain's block rules plug in. Every path that runs a block (the sequencer, chain
 * import, tracing replays, testing_buildBlockV1, eth_simulateV1) runs it through a {@link BlockRun},
 * which asks {@link blockRulesOf} for the block's rules and calls their steps at these points:
 *
 *   atStart ─▶ [ each transaction ─▶ afterTransaction ─▶ receiptOf ─▶ the fold ] ─▶ atEnd
 *
 * A rule is one step in one of these lists, so a hard fork's new rule (a system call, a request type,
 * a reward change) is written once and every path runs it. A step decides from `rules` (the block's
 * fork) whether it applies. See README.md for where OP Stack's rules (issue 27) go.
 */
export interface BlockRules {
  /** Before the first transaction, in order: what the block's system calls write (EIP-4788, EIP-2935). */
  readonly atStart: readonly BlockStartStep[];
  /** After each transaction, on the state it left, before its receipt is made. Ethereum has none. */
  readonly afterTransaction: readonly TransactionEndStep[];
  /** A transaction's consensus receipt (EIP-2718 encoding), as hashed into the receipts root. */
  readonly receiptOf: (transaction: TypedTransaction, outcome: TransactionOutcome, cumulativeGasUsed: bigint) => Uint8Array;
  /** After the last transaction, in order: requests (EIP-7685), withdrawals (EIP-4895), rewards (proof of work). */
  readonly atEnd: readonly BlockEndStep[];
}

/** What a step may read and write: the VM (its state is the block's state so far) and the block. */
export interface BlockContext {
  execution: ExecutionVm;
  /** The block as the EVM sees it (header fields; its Common is the block's fork). */
  block: Block;
  /** The block's fork: `block.common`. */
  rules: Common;
}

/** What executing a transaction produced, as much as its receipt and its block need. */
export type TransactionOutcome = Pick<ExecutedTransaction, 'success' | 'gasUsed' | 'logs' | 'bloom' | 'stateRoot' | 'blobGasUsed'>;

/** What the end of a block works from, and what its steps leave for the header. */
export interface BlockEnd {
  /** EIP-4895 withdrawals (none in Sequin's own blocks). */
  withdrawals: readonly BlockWithdrawal[];
  /** Ommers, for proof-of-work rewards (only imported blocks have them). */
  uncles: readonly RewardedUncle[];
  /** The block's logs, in order (deposit requests are read from them); asked only when needed. */
  logs: () => Iterable<ExecutedLog>;
  /** Set by the requests step from Prague: the EIP-7685 request lists, in type order. */
  requests: BlockRequests[] | undefined;
}

export type BlockStartStep = (block: BlockContext) => Promise<void>;
export type TransactionEndStep = (block: BlockContext, transaction: TypedTransaction, outcome: TransactionOutcome) => Promise<void>;
export type BlockEndStep = (block: BlockContext, end: BlockEnd) => Promise<void>;

/** A withdrawal (EIP-4895) as the balance change it makes. */
export interface BlockWithdrawal {
  address: Address;
  /** In gwei. */
  amount: bigint;
}

/** An uncle (ommer) header as the proof-of-work reward needs it. */
export interface RewardedUncle {
  number: bigint;
  coinbase: Address;
}
