import type { StoredTransaction } from '../../chain/records.js';
import type { SignedCommitment } from '../../chain/subBlockCommitment.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { PreconfirmationAnswer } from './PreconfirmationAnswer.js';
import type { PreconfirmationProofs } from './PreconfirmationProofs.js';
import type { SequencerIdentity } from './SequencerIdentity.js';

/**
 * How long sequin_getPreconfirmation waits for the commitment of a pre-confirmed transaction's sub-block:
 * the sequencer makes it right after the sub-block (off the tick, a few ms to tens of ms), a follower
 * applies it from the log a little later.
 */
export const COMMITMENT_WAIT_MS = 2_000;

/** Where commitments are announced (the node's event bus). */
export interface CommitmentAnnouncements {
  on(event: 'subBlockCommitment', listener: () => void): () => void;
}

/**
 * Verifiable pre-confirmations (issue 26), answered from one chain view: who signs (sequin_sequencer),
 * a transaction's proven answer (sequin_getPreconfirmation) and a block's signed commitments
 * (sequin_getCommitments, what equivocation proofs are built from).
 */
export class PreconfirmationQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly identity: SequencerIdentity,
    private readonly proofs: PreconfirmationProofs,
    private readonly events: CommitmentAnnouncements,
  ) {}

  /** `{ address, chainId }` of the sequencer key (address null on a replica that has not learned it yet). */
  async sequencer(): Promise<{ address: Hex | null; chainId: Hex }> {
    return { address: (await this.identity.resolve()) ?? null, chainId: toQuantity(this.identity.chainId) };
  }

  /**
   * The proven answer for a pre-confirmed or sealed transaction; null for an unknown hash (or one no
   * commitment covers: a chain without a sequencer key). A transaction pre-confirmed in a sub-block whose
   * commitment is not made yet is answered once it is, within `waitMs` (then null).
   */
  async getPreconfirmation(hash: Hex, waitMs = COMMITMENT_WAIT_MS): Promise<PreconfirmationAnswer | null> {
    const now = this.answerNow(hash);
    if (now !== 'awaiting' || !(await this.identity.resolve())) return now === 'awaiting' ? null : now;
    return new Promise((resolve) => {
      const finish = (answer: PreconfirmationAnswer | null) => {
        clearTimeout(timer);
        stop();
        resolve(answer);
      };
      const stop = this.events.on('subBlockCommitment', () => {
        const answer = this.answerNow(hash);
        if (answer !== 'awaiting') finish(answer);
      });
      const timer = setTimeout(() => {
        const answer = this.answerNow(hash);
        finish(answer === 'awaiting' ? null : answer);
      }, waitMs);
      // Made between the first look and the subscription.
      const answer = this.answerNow(hash);
      if (answer !== 'awaiting') finish(answer);
    });
  }

  /** Block `number`'s signed commitments so far, in index order; empty above the open block. */
  getCommitments(number: bigint): SignedCommitment[] {
    if (number > BigInt(Number.MAX_SAFE_INTEGER)) return [];
    return [...this.views.current().commitments(Number(number))];
  }

  /** The answer as the current view has it, or 'awaiting' while the transaction's sub-block has no commitment yet. */
  private answerNow(hash: Hex): PreconfirmationAnswer | null | 'awaiting' {
    const view = this.views.current();
    const stored = view.transaction(hash);
    if (!stored) return null;
    return this.proofs.answer(view, stored) ?? (awaitsCommitment(view, stored) ? 'awaiting' : null);
  }
}

/** True when the sub-block holding `stored` has no commitment in `view` yet (while the block is open). */
function awaitsCommitment(view: ChainView, stored: StoredTransaction): boolean {
  return stored.blockNumber === view.open.number && view.commitments(stored.blockNumber).length <= stored.subBlockIndex;
}
