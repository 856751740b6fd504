import type { Hex } from '../primitives/hex.js';
import type { WriteBatch } from '../storage/Storage.js';
import type { TransactionLog } from '../txpool/TransactionLog.js';
import type { LoggedOpenBlockHeader, OpenBlockHeader, SubBlockContents } from './OpenBlock.js';

/** A seal as the log carries it: which block, its hash (the follower's check), and where the next block opens. */
export interface SealRecord {
  open: LoggedOpenBlockHeader;
  hash: Hex;
  nextOpensAtMs: number;
}

/**
 * The sequencer's log: the port through which the one writer makes every sub-block and seal
 * durable beyond this machine before anyone can observe it (fleet/ implements it on NATS
 * JetStream). Each append resolves once the log holds the entry and rejects when this node may
 * no longer append (another sequencer took over); the producer then commits and publishes
 * nothing. {@link notePosition} writes, into the producer's commit, how far this node's chain
 * follows the log, so a restart resumes from there.
 */
export interface SequencerLog extends TransactionLog {
  /** Appends a sub-block, with the pool txs its execution dropped (they no longer execute). */
  appendSubBlock(contents: SubBlockContents, open: OpenBlockHeader, dropped: readonly Hex[]): Promise<void>;
  appendSeal(seal: SealRecord): Promise<void>;
  /**
   * Called before a rewind (evm_revert, anvil_rollback, anvil_reset) changes anything: rejects
   * when the log cannot carry it (a fleet's followers would keep the old chain), which refuses it.
   */
  beforeRewind(): Promise<void>;
  notePosition(batch: WriteBatch): void;
}

/** The log of a node on its own: every append is a no-op. */
export const LOCAL_ONLY_SEQUENCER_LOG: SequencerLog = {
  recordAccepted: async () => {},
  appendSubBlock: async () => {},
  appendSeal: async () => {},
  recordDropped: async () => {},
  beforeRewind: async () => {},
  notePosition: () => {},
};
