import type { Hex } from '../primitives/hex.js';

/** A pre-confirmation sub-block, announced after it is durable. */
export interface SubBlockEvent {
  blockNumber: bigint;
  index: number;
  timestamp: bigint;
  transactionHashes: Hex[];
}

/** A sealed block, announced after it is durable. */
export interface SealedBlockEvent {
  number: bigint;
  hash: Hex;
  transactionHashes: Hex[];
}

/** The events the node publishes. */
export type ChainEvents = {
  subBlock: SubBlockEvent;
  sealedBlock: SealedBlockEvent;
  pendingTransaction: { hash: Hex };
};
