import type { Hex } from '../primitives/hex.js';

/** A pre-confirmation sub-block, announced after it is durable. */
export interface SubBlockEvent {
  blockNumber: bigint;
  index: number;
  timestamp: bigint;
  transactionHashes: Hex[];
  /** Wall time the sequencer took to execute and commit it, in ms (for metrics). */
  buildMs?: number;
}

/** A sealed block, announced after it is durable. */
export interface SealedBlockEvent {
  number: bigint;
  hash: Hex;
  transactionHashes: Hex[];
  /** Wall time the sequencer took to compute the roots and commit the block, in ms (for metrics). */
  sealMs?: number;
}

/** The events the node publishes. */
export type ChainEvents = {
  subBlock: SubBlockEvent;
  sealedBlock: SealedBlockEvent;
  pendingTransaction: { hash: Hex };
};
