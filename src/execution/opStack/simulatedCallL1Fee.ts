import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { opRulesAt } from '../../config/opStack/opRules.js';
import { opStackOf } from '../../config/ScheduledCommon.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedTransaction } from '../executeTransaction.js';
import { withL1Fee } from './executeWithL1Fee.js';
import { unsignedRollupCostDataOf } from './l1Cost.js';

/**
 * eth_simulateV1 on an OP Stack chain: a call that pays for its gas pays its L1 data fee (and operator
 * fee) too, as the transaction it stands for would in a real block — bought before it runs, credited to
 * the L1FeeVault by the block rules, shown in its receipt fields. A call is unsigned, so its size is
 * estimated as the GasPriceOracle's `getL1Fee` estimates it (the signing payload, plus 68 bytes for the
 * signature). op-geth charges simulated calls no L1 fee (they carry no rollup cost data); docs/op-stack.md
 * says why Sequin does. On an Ethereum chain, or for a free call, it just runs `execute`.
 */
export function simulatedCallWithL1Fee<Outcome extends { gasUsed: bigint; opStack?: ExecutedTransaction['opStack'] }>(
  execution: ExecutionVm,
  transaction: TypedTransaction,
  options: { timestamp: bigint; paysForGas: boolean },
  execute: () => Promise<Outcome>,
): Promise<Outcome> {
  const chain = opStackOf(transaction.common);
  if (chain === undefined || !options.paysForGas) return execute();
  const payload = transaction.getMessageToSign();
  const unsigned = payload instanceof Uint8Array ? payload : RLP.encode(payload);
  return withL1Fee(execution, transaction, unsignedRollupCostDataOf(unsigned), opRulesAt(chain, options.timestamp), execute);
}
