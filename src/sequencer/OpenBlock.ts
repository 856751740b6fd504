import { orBloom } from '../chain/receiptEncoding.js';
import type { StoredSubBlock } from '../chain/records.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { Hex } from '../primitives/hex.js';

/** One pre-confirmed transaction as the seal needs it. */
export interface SealInput {
  hash: Hex;
  raw: Uint8Array;
  /** EIP-2718 receipt encoding, for the receipts root. */
  receipt: Uint8Array;
}

/**
 * The block being filled by sub-blocks: its fixed header fields (number, timestamp, base fee),
 * and what its sub-blocks have accumulated so far. Sealing turns it into a block.
 */
export class OpenBlock {
  readonly subBlocks: StoredSubBlock[] = [];
  readonly transactions: SealInput[] = [];
  readonly changes: StateChanges = emptyStateChanges();
  readonly bloom = new Uint8Array(256);
  gasUsed = 0n;
  logCount = 0;

  constructor(
    readonly number: number,
    readonly timestamp: bigint,
    readonly baseFeePerGas: bigint,
    readonly parentHash: Uint8Array,
    readonly parentStateRoot: Uint8Array,
    /** Wall-clock ms at which the block opened; its sub-block slots follow on the interval grid. */
    readonly openedAtMs: number,
  ) {}

  /** Adds a committed sub-block. */
  append(subBlock: StoredSubBlock, transactions: SealInput[], changes: StateChanges, gasUsed: bigint, logCount: number, bloom: Uint8Array): void {
    this.subBlocks.push(subBlock);
    this.transactions.push(...transactions);
    mergeStateChanges(this.changes, changes);
    this.gasUsed += gasUsed;
    this.logCount += logCount;
    orBloom(this.bloom, bloom);
  }
}
