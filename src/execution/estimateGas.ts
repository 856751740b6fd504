import type { CallOperation } from '../errors/CallOperation.js';
import { ExecutionFailedError } from '../errors/ExecutionFailedError.js';
import { ExecutionRevertedError } from '../errors/ExecutionRevertedError.js';
import { GasAllowanceExceededError } from '../errors/GasAllowanceExceededError.js';
import { InvalidCallError } from '../errors/InvalidCallError.js';
import type { CallOutcome } from './CallRequest.js';
import { decodeRevertReason } from './revertReason.js';
import { EvmFailure } from './vmErrors.js';

/** The gas of a plain value transfer. */
export const TRANSFER_GAS = 21_000n;
/** geth's bisection stops once the window is within 1.5% of the upper bound. */
const ERROR_RATIO = 0.015;
/** The stipend a CALL with value adds, which the optimistic limit leaves room for. */
const CALL_STIPEND = 2_300n;

/** What the estimator needs, passed in so it can be tested without a chain (geth's gasestimator does the same). */
export interface EstimateGasOptions {
  /** Executes the call with the given gas limit on the target state. */
  run: (gasLimit: bigint) => Promise<CallOutcome>;
  /** Upper bound before balance capping: the request's gas, or the block gas limit. */
  gasLimit: bigint;
  /** The node's gas cap for calls. */
  gasCap: bigint;
  /** Fee cap per gas of the request (0 when none given). */
  feeCap: bigint;
  /** Sender balance and the value sent, for the balance-capped upper bound. */
  balance: bigint;
  value: bigint;
  /** True when the call sends no data to an address without code: 21,000 is tried first. */
  isPlainTransfer: boolean;
}

/**
 * eth_estimateGas after geth's estimator (eth/gasestimator): cap the upper bound by what the
 * sender can pay, try exactly 21,000 for plain transfers, run once at the cap to surface reverts,
 * then search down from a first guess, stopping once the window is within 1.5% of its top. The
 * returned limit always executed successfully, so it never under-estimates.
 *
 * When the run at the cap had no refund and nothing in it could change course with less gas (it
 * neither read nor forwarded its gas, see GasLimitWatch.ts), the gas it used is the answer after
 * that one run: exactly what the search below would settle on.
 *
 * Otherwise the first guess is the gas the run at the cap consumed before its refund: the same execution
 * path needs exactly that much, and one that consumed it all cannot succeed with less (unless it
 * changes course with less gas, which the search then finds). So most other calls need two runs: at
 * the cap and at the guess (a third, one gas below the guess, when a refund leaves the window
 * wide). Only when the guess fails (the 1/64 of gas a CALL withholds, the 2,300 an SSTORE
 * requires left, an explicit `gasleft()` check) does it fall back to geth's optimistic limit
 * ((guess + 2,300) × 64/63) and bisect.
 *
 * Throws an InvalidCallError for a call that cannot run, an ExecutionRevertedError for a revert,
 * a GasAllowanceExceededError when it runs out of gas at the cap, an ExecutionFailedError else.
 */
export async function estimateGas(options: EstimateGasOptions): Promise<bigint> {
  let high = options.gasLimit;
  if (options.feeCap > 0n) {
    if (options.value > options.balance) throw new InvalidCallError({ kind: 'insufficientFundsForTransfer' }, 'estimateGas');
    const allowance = (options.balance - options.value) / options.feeCap;
    if (high > allowance) high = allowance;
  }
  if (high > options.gasCap) high = options.gasCap;
  if (high < TRANSFER_GAS) throw new InvalidCallError({ kind: 'intrinsicGasTooLow', detail: { gas: high, minimum: TRANSFER_GAS } }, 'estimateGas');

  if (options.isPlainTransfer) {
    const transfer = await options.run(TRANSFER_GAS);
    if (transfer.invalid) throw new InvalidCallError(transfer.invalid, 'estimateGas');
    if (transfer.success) return TRANSFER_GAS;
  }

  const atCap = await options.run(high);
  if (atCap.invalid) throw new InvalidCallError(atCap.invalid, 'estimateGas');
  if (!atCap.success) throw failureError(atCap, high);
  // Nothing in the run could change course with less gas (runCall's leastGasLimit): the search
  // below would run the guess, see it succeed and stop there. An ERC-20 transfer is such a call.
  if (atCap.leastGasLimit !== undefined && atCap.leastGasLimit <= high) return atCap.leastGasLimit;

  let low = atCap.gasUsed - 1n;
  const guess = atCap.gasUsed + atCap.gasRefund;
  if (guess < high) {
    if ((await options.run(guess)).success) {
      high = guess;
      if (closeEnough(low, high)) return high;
      // A refund leaves the window wide: one gas less tells whether the guess is the minimum.
      if ((await options.run(guess - 1n)).success) high = guess - 1n;
      else return high;
    } else {
      low = guess;
      const optimistic = ((guess + CALL_STIPEND) * 64n) / 63n;
      if (optimistic < high) {
        if ((await options.run(optimistic)).success) high = optimistic;
        else low = optimistic;
      }
    }
  }
  while (low + 1n < high) {
    if (closeEnough(low, high)) break;
    let middle = (high + low) / 2n;
    if (middle > low * 2n) middle = low * 2n;
    const outcome = await options.run(middle);
    // An invalid outcome at a lower limit means intrinsic gas was not covered: too low.
    if (outcome.success) high = middle;
    else low = middle;
  }
  return high;
}

/** True when the window between a failing `low` and a succeeding `high` is within geth's error ratio of `high`. */
function closeEnough(low: bigint, high: bigint): boolean {
  return Number(high - low) / Number(high) < ERROR_RATIO;
}

/** The error for a call that fails even with all the gas it may have. */
function failureError(outcome: CallOutcome, high: bigint): Error {
  if (outcome.error === EvmFailure.reverted) return revertError(outcome.returnData, 'estimateGas');
  if (outcome.error === EvmFailure.outOfGas) return new GasAllowanceExceededError(high);
  return new ExecutionFailedError(outcome.error ?? 'execution failed');
}

/** The error for a call that reverted with `returnData`, its reason decoded as geth decodes it. */
export function revertError(returnData: Uint8Array, operation: CallOperation): ExecutionRevertedError {
  const reason = decodeRevertReason(returnData);
  return new ExecutionRevertedError({ returnData, operation, ...(reason === undefined ? {} : { reason }) });
}
