import type { TypedTransaction } from '@ethereumjs/tx';
import { MinedTransactionFailedError } from '../../errors/MinedTransactionFailedError.js';
import type { Hex } from '../../primitives/hex.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';
import type { PoolTransaction } from '../../txpool/PoolTransaction.js';
import type { TransactionIntake } from '../../txpool/TransactionIntake.js';

/**
 * The intake the submission path uses: a transaction enters the pool as before, then — in
 * instant mining — the answer waits until the sequencer has mined it (with whatever arrived
 * together), so the hash comes back with the receipt already in "latest". In the other modes
 * it answers as soon as the transaction is journaled.
 *
 * In instant mining the journal write waits for the block: a tx the block holds is durable in it,
 * so it costs one commit, not two; one the block could not take (a nonce gap) is journaled after
 * the step, between steps, before the answer (TransactionIntake.admitForMining / settleAdmission).
 *
 * With `reportFailedTransactions` (`--compat hardhat`), a transaction that instant mining mined and
 * that failed (status 0) is answered with a {@link MinedTransactionFailedError}, as Hardhat's node
 * answers it (its default `throwOnTransactionFailures`): the transaction stays in its block, and the
 * error carries its hash and revert data.
 */
export function miningIntake(
  intake: Pick<TransactionIntake, 'submit' | 'submitBuilt' | 'admitForMining' | 'admitBuiltForMining' | 'settleAdmission'>,
  sequencer: Pick<Sequencer, 'afterSubmission' | 'between' | 'mode'>,
  options: { reportFailedTransactions?: boolean } = {},
): Pick<TransactionIntake, 'submit' | 'submitBuilt'> {
  const mineNow = async (admitted: PoolTransaction): Promise<Hex> => {
    await sequencer.afterSubmission();
    await sequencer.between(() => intake.settleAdmission(admitted));
    const failure = admitted.executionFailure;
    if (failure && options.reportFailedTransactions) throw new MinedTransactionFailedError(admitted.hash, failure.vmError, failure.returnData);
    return admitted.hash;
  };
  return {
    async submit(raw: Uint8Array): Promise<Hex> {
      if (sequencer.mode.kind === 'instant') return mineNow(await intake.admitForMining(raw));
      const hash = await intake.submit(raw);
      await sequencer.afterSubmission();
      return hash;
    },
    async submitBuilt(transaction: TypedTransaction, sender: Uint8Array, impersonated: boolean): Promise<Hex> {
      if (sequencer.mode.kind === 'instant') return mineNow(await intake.admitBuiltForMining(transaction, sender, impersonated));
      const hash = await intake.submitBuilt(transaction, sender, impersonated);
      await sequencer.afterSubmission();
      return hash;
    },
  };
}
