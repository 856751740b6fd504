/**
 * Executes a (non-deposit) transaction on an OP Stack chain the way op-geth buys its gas
 * (core/state_transition.go `buyGas`) and op-revm settles it (base/base crates/execution/revm handler):
 *
 *   balance check   gas limit · fee cap + value + L1 data fee + worst-case operator fee, refused with
 *                   op-geth's words (`insufficient funds for gas * price + value: address … have … want …`)
 *   buy             the L1 data fee and the worst-case operator fee leave the sender with the gas, before
 *                   execution (so the EVM sees the sender's balance without them)
 *   execute         runTx (the EVM, Ethereum's gas purchase, refund and tip to the coinbase)
 *   settle          the operator fee for unused gas goes back to the sender
 *
 * The fees' credits to the vaults are the block's transaction-end step (opBlockRules.ts), which reads the
 * figures this annotates on the ExecutedTransaction (`opStack`, also the receipt's OP fields). The L1
 * values are L1Block's in the state the transaction runs on (after the block's L1-attributes deposit).
 */
import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { OpRules } from '../../config/opStack/opRules.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import { type ExecutedTransaction, executeTransaction } from '../executeTransaction.js';
import type { StateReader } from '../StateReader.js';
import { type L1BlockValues, readL1Block } from './l1BlockValues.js';
import { fjordEstimatedSize, l1CostOf, type RollupCostData, rollupCostDataOf } from './l1Cost.js';
import type { L1FeeFacts } from './OpTransactionFacts.js';
import { operatorFee } from './operatorFee.js';

/** Jovian's default DA footprint gas scalar, for an L1Block that holds none. */
const DEFAULT_DA_FOOTPRINT_GAS_SCALAR = 400n;

export function executeWithL1Fee(
  execution: ExecutionVm,
  block: Block,
  transaction: TypedTransaction,
  blockGasUsed: bigint,
  rules: OpRules,
  raw?: Uint8Array,
): Promise<ExecutedTransaction> {
  return withL1Fee(execution, transaction, rollupCostDataOf(raw ?? transaction.serialize()), rules, () =>
    executeTransaction(execution, block, transaction, blockGasUsed),
  );
}

/** The insufficient-funds refusal of {@link withL1Fee}, with what an RPC answer needs. */
export class L1FeeFundsError extends Error {
  constructor(
    readonly address: string,
    readonly balance: bigint,
    readonly want: bigint,
  ) {
    super(`insufficient funds for gas * price + value: address ${address} have ${balance} want ${want}`);
  }
}

/**
 * The steps of the module comment around `execute` (which runs the transaction on `execution`'s state):
 * the balance check, the L1 data fee and worst-case operator fee bought first, the unused operator fee
 * returned after; the outcome is annotated with the fees (`opStack`). `data` is the transaction's rollup
 * cost data (of its signed bytes; eth_simulateV1 estimates an unsigned call's as the GasPriceOracle does).
 * Throws {@link L1FeeFundsError}, changing nothing, when the sender cannot pay.
 */
export async function withL1Fee<Outcome extends { gasUsed: bigint; opStack?: ExecutedTransaction['opStack'] }>(
  execution: ExecutionVm,
  transaction: TypedTransaction,
  data: RollupCostData,
  rules: OpRules,
  execute: () => Promise<Outcome>,
): Promise<Outcome> {
  const { state } = execution;
  const l1 = readL1Block(state.asReader());
  const charges = l1ChargesOf(data, transaction.gasLimit, l1, rules);
  const sender = transaction.getSenderAddress();
  const account = await state.getAccount(sender);
  const balance = account?.balance ?? 0n;
  const feeCap = 'maxFeePerGas' in transaction ? transaction.maxFeePerGas : (transaction as { gasPrice: bigint }).gasPrice;
  const want = transaction.gasLimit * feeCap + transaction.value + charges.l1Fee + charges.operatorFeeMax;
  if (balance < want) throw new L1FeeFundsError(sender.toString(), balance, want);
  const upFront = charges.l1Fee + charges.operatorFeeMax;
  await state.checkpoint();
  let executed: Outcome;
  try {
    if (upFront > 0n) await state.modifyAccountFields(sender, { balance: balance - upFront });
    executed = await execute();
  } catch (error) {
    await state.revert();
    throw error;
  }
  await state.commit();
  const operatorFeeCharged = rules.isthmus ? operatorFee(executed.gasUsed, l1, rules.jovian) : 0n;
  const refund = charges.operatorFeeMax - operatorFeeCharged;
  if (refund > 0n) {
    const after = await state.getAccount(sender);
    await state.modifyAccountFields(sender, { balance: (after?.balance ?? 0n) + refund });
  }
  executed.opStack = { ...charges.facts, operatorFee: operatorFeeCharged };
  return executed;
}

/** What a transaction with rollup cost `data` and `gasLimit` is charged beyond its gas, and its receipt's OP fields. */
export function l1ChargesOf(
  data: RollupCostData,
  gasLimit: bigint,
  l1: L1BlockValues,
  rules: OpRules,
): { l1Fee: bigint; operatorFeeMax: bigint; facts: Omit<L1FeeFacts, 'operatorFee'> } {
  const cost = l1CostOf(
    data,
    {
      l1BaseFee: l1.baseFee,
      l1BlobBaseFee: l1.blobBaseFee,
      baseFeeScalar: l1.baseFeeScalar,
      blobBaseFeeScalar: l1.blobBaseFeeScalar,
      overhead: l1.overhead,
      scalar: l1.scalar,
    },
    rules,
  );
  const operatorFeeMax = rules.isthmus ? operatorFee(gasLimit, l1, rules.jovian) : 0n;
  const facts: Omit<L1FeeFacts, 'operatorFee'> = {
    kind: 'l1Fee',
    l1Fee: cost.fee,
    l1GasUsed: cost.gasUsed,
    l1GasPrice: l1.baseFee,
    ...(rules.ecotone
      ? { l1BlobBaseFee: l1.blobBaseFee, l1BaseFeeScalar: l1.baseFeeScalar, l1BlobBaseFeeScalar: l1.blobBaseFeeScalar }
      : { l1FeeScalar: decimalScalar(l1.scalar) }),
    ...(rules.isthmus && (l1.operatorFeeScalar !== 0n || l1.operatorFeeConstant !== 0n)
      ? { operatorFeeScalar: l1.operatorFeeScalar, operatorFeeConstant: l1.operatorFeeConstant }
      : {}),
  };
  if (rules.jovian) {
    const scalar = l1.daFootprintGasScalar === 0n ? DEFAULT_DA_FOOTPRINT_GAS_SCALAR : l1.daFootprintGasScalar;
    facts.daFootprintGasScalar = scalar;
    facts.daFootprint = (fjordEstimatedSize(data.fastLzSize) / 1_000_000n) * scalar;
  }
  return { l1Fee: cost.fee, operatorFeeMax, facts };
}

/** op-geth's pre-Ecotone `l1FeeScalar`: scalar / 1e6 as a decimal (big.Float's shortest form). */
function decimalScalar(scalar: bigint): string {
  const whole = scalar / 1_000_000n;
  const fraction = (scalar % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/**
 * What the pool counts a transaction to pay beyond gas · fee cap + value on an OP Stack chain (op-geth's
 * txpool adds the L1 cost; the Isthmus specs the worst-case operator fee): at L1Block's values in
 * `state` (the pending state) under the rules of a block at `timestamp`.
 */
export function extraCostIn(state: StateReader, rules: OpRules, encoded: Uint8Array, gasLimit: bigint): bigint {
  const charges = l1ChargesOf(rollupCostDataOf(encoded), gasLimit, readL1Block(state), rules);
  return charges.l1Fee + charges.operatorFeeMax;
}
