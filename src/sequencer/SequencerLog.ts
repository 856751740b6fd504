import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { Hex } from '../primitives/hex.js';
import type { WriteBatch } from '../storage/Storage.js';
import type { TransactionLog } from '../txpool/TransactionLog.js';
import type { LoggedOpenBlockHeader, SubBlockContents } from './OpenBlock.js';

/** A seal as the log carries it: which block, its hash (the follower's check), and where the next block opens. */
export interface SealRecord {
  open: LoggedOpenBlockHeader;
  hash: Hex;
  nextOpensAtMs: number;
}

/**
 * What one commit of the producer adds to the chain, as the log carries it: a sub-block (with the
 * pool txs its execution dropped: they no longer execute), a seal, or both (instant mining makes
 * a sub-block and seals its block in one commit). One commit is one log entry, so a follower
 * applies all of it or none, as the producer committed it.
 */
export interface LoggedCommit {
  subBlock?: { contents: SubBlockContents; open: LoggedOpenBlockHeader; dropped: readonly Hex[] };
  seal?: SealRecord;
  /**
   * A durable sub-block's signed commitment, made after it (issue 26; sequencer/SubBlockCommitments.ts): an
   * entry of its own, after its sub-block's and before the next sub-block's or the seal's.
   */
  commitment?: SignedCommitment;
}

/**
 * The sequencer's log: the port through which the one writer makes every sub-block and seal
 * durable beyond this machine before anyone can observe it (fleet/ implements it on NATS
 * JetStream). Each append resolves once the log holds the entry and rejects when this node may
 * not append (it follows the log, or another sequencer took over); the producer then commits and
 * publishes nothing. A follower applying the log commits without appending. {@link notePosition}
 * writes, into the producer's commit, how far this node's chain follows the log, so a restart
 * resumes from there.
 */
export interface SequencerLog extends TransactionLog {
  /** Appends one commit's sub-block and seal as one entry. */
  append(commit: LoggedCommit): Promise<void>;
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
  append: async () => {},
  recordDropped: async () => {},
  beforeRewind: async () => {},
  notePosition: () => {},
};
