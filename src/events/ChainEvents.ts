import type { Hex } from '../primitives/hex.js';

/** A pre-confirmation sub-block, announced after it is durable. */
export interface SubBlockEvent {
  blockNumber: bigint;
  index: number;
  timestamp: bigint;
  transactionHashes: Hex[];
  /** Clock time (ms since the epoch) at which the sub-block became durable. */
  preconfirmedAtMs: number;
}

/** A sealed block, announced after it is durable. */
export interface SealedBlockEvent {
  number: bigint;
  hash: Hex;
  transactionHashes: Hex[];
}

/**
 * One pre-confirmation tick of the sequencer, empty or not: the node's heartbeat. Emitted after
 * the tick's sub-block (if any) was announced, before the block is sealed.
 */
export interface PreconfTickEvent {
  blockNumber: bigint;
  /** The sub-block this tick built, or null when nothing was executable. */
  subBlockIndex: number | null;
  timestamp: bigint;
  transactionHashes: Hex[];
  /** Clock time (ms since the epoch) when the tick's sub-block became durable, or when an empty tick ended. */
  atMs: number;
}

/** The events the node publishes. */
export type ChainEvents = {
  subBlock: SubBlockEvent;
  sealedBlock: SealedBlockEvent;
  pendingTransaction: { hash: Hex };
  preconfTick: PreconfTickEvent;
};
