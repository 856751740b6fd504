import { orBloom } from '../../chain/receiptEncoding.js';
import type { ExecutedLog } from '../executeTransaction.js';
import type { TransactionOutcome } from './BlockRules.js';
import { BlockTries } from './BlockTries.js';

/** One transaction as folded into its block. */
export interface FoldedTransaction {
  /** Its consensus receipt (EIP-2718 encoding). */
  receipt: Uint8Array;
  /** The block's gas used up to and including it. */
  cumulativeGasUsed: bigint;
  /** The block-wide index of its first log. */
  firstLogIndex: number;
}

/**
 * What a block's transactions add up to, one transaction at a time: cumulative gas, blob gas, logs and
 * their count, the bloom, the receipts, and the transactions and receipts tries ({@link BlockTries}: their
 * roots can be asked after any transaction).
 *
 * A sub-block's fold starts after the block's sub-blocks before it (`start`): cumulative gas and log
 * indexes go on from there, while its own lists, bloom and tries hold its transactions only (the open
 * block appends them to the block's; see sequencer/OpenBlock.ts).
 */
export class BlockFold {
  gasUsed: bigint;
  blobGasUsed = 0n;
  logCount: number;
  readonly bloom = new Uint8Array(256);
  readonly logs: ExecutedLog[] = [];
  readonly receipts: Uint8Array[] = [];
  readonly tries = new BlockTries();

  constructor(start: { gasUsed: bigint; logCount: number } = { gasUsed: 0n, logCount: 0 }) {
    this.gasUsed = start.gasUsed;
    this.logCount = start.logCount;
  }

  /** Folds in a transaction (its raw encoding) whose consensus receipt is `receipt`. */
  add(raw: Uint8Array, receipt: Uint8Array, outcome: TransactionOutcome): FoldedTransaction {
    const firstLogIndex = this.logCount;
    this.gasUsed += outcome.gasUsed;
    this.blobGasUsed += outcome.blobGasUsed ?? 0n;
    this.logCount += outcome.logs.length;
    this.logs.push(...outcome.logs);
    orBloom(this.bloom, outcome.bloom);
    this.receipts.push(receipt);
    this.tries.append(raw, receipt);
    return { receipt, cumulativeGasUsed: this.gasUsed, firstLogIndex };
  }

  /** How many transactions are folded in. */
  get count(): number {
    return this.receipts.length;
  }
}
