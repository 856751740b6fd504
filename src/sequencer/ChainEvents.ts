import type { StoredBlock, StoredSubBlock, StoredTransaction } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { Hex } from '../primitives/hex.js';
import type { PoolEvents } from '../txpool/PoolEvents.js';
import type { ChainView } from './ChainView.js';
import type { MiningMode } from './MiningMode.js';

/**
 * A pre-confirmation sub-block, announced after it is durable and after the view that includes
 * it is published. It carries what it announces, so listeners need not read it back.
 */
export interface SubBlockEvent {
  blockNumber: bigint;
  index: number;
  timestamp: bigint;
  transactionHashes: Hex[];
  /** The sub-block as stored. */
  subBlock: StoredSubBlock;
  /** Its transactions as stored (with receipts), in order. */
  transactions: readonly StoredTransaction[];
  /**
   * The sequencer's signed commitment to the block after it, when it was signed before the sub-block's commit
   * (a sub-block sealed in the same commit, instant mining). Otherwise the commitment comes right after the
   * sub-block, in its own `subBlockCommitment` event; absent on a chain without a sequencer key.
   */
  commitment?: SignedCommitment;
  /** The chain view that first included this sub-block. */
  view: ChainView;
  /** Clock time (ms since the epoch) at which the sub-block became durable. */
  preconfirmedAtMs: number;
  /** Wall time the sequencer took to execute and commit it, in ms (for metrics). */
  buildMs?: number;
}

/**
 * A sub-block's signed commitment, announced once durable (and logged, in a fleet), in sub-block order: right
 * after its sub-block's event, or a little later when it was made after the sub-block (off the tick).
 */
export interface SubBlockCommitmentEvent {
  blockNumber: bigint;
  index: number;
  commitment: SignedCommitment;
  /** The sub-block's transactions as stored (with receipts), in order. */
  transactions: readonly StoredTransaction[];
  /** A view that includes the sub-block and shows the commitment. */
  view: ChainView;
}

/** A sealed block, announced after it is durable and after the view whose head it is is published. */
export interface SealedBlockEvent {
  number: bigint;
  hash: Hex;
  transactionHashes: Hex[];
  /** The block as stored. */
  block: StoredBlock;
  /** The chain view whose head this block is. */
  view: ChainView;
  /** Wall time the sequencer took to compute the roots and commit the block, in ms (for metrics). */
  sealMs?: number;
}

/**
 * One pre-confirmation tick of the sequencer, empty or not: the node's heartbeat. Emitted after
 * the tick's sub-block (if any) was announced — in interval mining before the block is sealed;
 * instant mining and evm_mine seal the sub-block's block in the same step, so after that. On a node
 * that signs, a tick that built a sub-block is emitted once its commitment is made (right after the
 * sub-block, off the tick), and the ticks after it wait behind it.
 */
export interface PreconfTickEvent {
  blockNumber: bigint;
  /** The sub-block this tick built, or null when nothing was executable. */
  subBlockIndex: number | null;
  timestamp: bigint;
  transactionHashes: Hex[];
  /** The tick's sub-block's signed commitment, if it built one on a chain with a sequencer key. */
  commitment?: SignedCommitment;
  /** Clock time (ms since the epoch) when the tick's sub-block became durable, or when an empty tick ended. */
  atMs: number;
}

/**
 * The chain was rewound (evm_revert, anvil_rollback, anvil_reset): blocks after `blockNumber`
 * are gone, and later numbers will be reused by new blocks. Announced after the rewind is
 * durable and its view published; positions kept by listeners (filters) above it must move back.
 */
export interface RewoundEvent {
  /** The latest sealed block after the rewind. */
  blockNumber: number;
  view: ChainView;
}

/** The sequencer's mining mode changed (or was set at start); readiness follows it. */
export interface MiningModeEvent {
  mode: MiningMode;
}

/** The events the node publishes: the pool's and the sequencer's. */
export type ChainEvents = PoolEvents & {
  subBlock: SubBlockEvent;
  subBlockCommitment: SubBlockCommitmentEvent;
  sealedBlock: SealedBlockEvent;
  preconfTick: PreconfTickEvent;
  rewound: RewoundEvent;
  miningMode: MiningModeEvent;
};
