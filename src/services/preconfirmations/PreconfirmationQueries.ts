import type { SignedCommitment } from '../../chain/subBlockCommitment.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { PreconfirmationAnswer } from './PreconfirmationAnswer.js';
import type { PreconfirmationProofs } from './PreconfirmationProofs.js';
import type { SequencerIdentity } from './SequencerIdentity.js';

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
  ) {}

  /** `{ address, chainId }` of the sequencer key (address null on a replica that has not learned it yet). */
  async sequencer(): Promise<{ address: Hex | null; chainId: Hex }> {
    return { address: (await this.identity.resolve()) ?? null, chainId: toQuantity(this.identity.chainId) };
  }

  /** The proven answer for a pre-confirmed or sealed transaction; null for an unknown hash (or one no commitment covers). */
  getPreconfirmation(hash: Hex): PreconfirmationAnswer | null {
    const view = this.views.current();
    const stored = view.transaction(hash);
    return stored ? this.proofs.answer(view, stored) : null;
  }

  /** Block `number`'s signed commitments so far, in index order; empty above the open block. */
  getCommitments(number: bigint): SignedCommitment[] {
    if (number > BigInt(Number.MAX_SAFE_INTEGER)) return [];
    return [...this.views.current().commitments(Number(number))];
  }
}
