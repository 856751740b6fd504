import type { OpeningFields } from '../chain/headerFieldsAfter.js';
import type { StoredTransaction } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { StateChanges } from '../execution/StateChanges.js';
import type { Hex } from '../primitives/hex.js';

/** One pre-confirmed transaction as the seal needs it. */
export interface SealInput {
  hash: Hex;
  raw: Uint8Array;
  /** EIP-2718 receipt encoding, for the receipts root. */
  receipt: Uint8Array;
}

/**
 * The open (pending) block as one moment saw it. Nothing in it changes afterwards, but for the signed
 * commitments of its sub-blocks, each made right after its sub-block is durable (see {@link commitments}).
 */
export interface OpenBlockView {
  readonly number: number;
  readonly timestamp: bigint;
  /** 0 before London. */
  readonly baseFeePerGas: bigint;
  readonly gasLimit: bigint;
  /** Every header field fixed at opening (difficulty, mixHash, excess blob gas, …) and the block's rules. */
  readonly opening: OpeningFields;
  readonly coinbase: Uint8Array;
  readonly parentHash: Uint8Array;
  readonly parentStateRoot: Uint8Array;
  readonly gasUsed: bigint;
  /** Logs its pre-confirmed transactions have emitted (the next log's index). */
  readonly logCount: number;
  readonly bloom: Uint8Array;
  /** Pre-confirmed sub-blocks so far; 0 means "pending" is still "latest". */
  readonly subBlockCount: number;
  readonly transactionCount: number;
  /** The pre-confirmed transactions as stored, in order. */
  records(): readonly StoredTransaction[];
  /** The pre-confirmed transactions as the seal needs them (raw bytes, receipt encodings). */
  sealInputs(): readonly SealInput[];
  /** Each sub-block's state writes, oldest first. */
  changeLayers(): readonly StateChanges[];
  /**
   * The signed commitments of its sub-blocks so far, index for index (none on a node that does not sign): those
   * made by now, so the last sub-block's may be missing for a moment after the view is published.
   */
  commitments(): readonly SignedCommitment[];
}
