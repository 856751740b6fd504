import type { TypedTransaction } from '@ethereumjs/tx';
import type { Hex } from '../../primitives/hex.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';
import type { TransactionIntake } from '../../txpool/TransactionIntake.js';

/**
 * The intake the submission path uses: a transaction enters the pool as before, then — in
 * instant mining — the answer waits until the sequencer has mined it (with whatever arrived
 * together), so the hash comes back with the receipt already in "latest". In the other modes
 * it answers as soon as the transaction is journaled.
 */
export function miningIntake(
  intake: Pick<TransactionIntake, 'submit' | 'submitImpersonated'>,
  sequencer: Pick<Sequencer, 'afterSubmission'>,
): Pick<TransactionIntake, 'submit' | 'submitImpersonated'> {
  return {
    async submit(raw: Uint8Array): Promise<Hex> {
      const hash = await intake.submit(raw);
      await sequencer.afterSubmission();
      return hash;
    },
    async submitImpersonated(impersonated: TypedTransaction, sender: Uint8Array): Promise<Hex> {
      const hash = await intake.submitImpersonated(impersonated, sender);
      await sequencer.afterSubmission();
      return hash;
    },
  };
}
