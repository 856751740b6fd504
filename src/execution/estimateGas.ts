import { ErrorCode, RpcError, ServerError } from '../errors/RpcError.js';
import { TxErrorMessage } from '../errors/txErrors.js';
import { bytesToHex } from '../primitives/hex.js';
import type { CallOutcome } from './CallRequest.js';
import { decodeRevertReason } from './revertReason.js';

/** The gas of a plain value transfer. */
export const TRANSFER_GAS = 21_000n;
/** geth's bisection stops once the window is within 1.5% of the upper bound. */
const ERROR_RATIO = 0.015;
/** The stipend a CALL with value adds, which the optimistic probe leaves room for. */
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
 * geth's gas estimation (eth/gasestimator): cap the upper bound by what the sender can pay,
 * try exactly 21,000 for plain transfers, run once at the cap to surface reverts, probe an
 * optimistic limit from the gas used, then bisect. The returned limit always executed
 * successfully, so it never under-estimates; it may exceed the minimum by up to 1.5%.
 * Throws RpcErrors with geth's messages (reverts: -32000 "execution reverted[: reason]").
 */
export async function estimateGas(options: EstimateGasOptions): Promise<bigint> {
  let high = options.gasLimit;
  if (options.feeCap > 0n) {
    if (options.value > options.balance) throw new ServerError('insufficient funds for transfer');
    const allowance = (options.balance - options.value) / options.feeCap;
    if (high > allowance) high = allowance;
  }
  if (high > options.gasCap) high = options.gasCap;
  if (high < TRANSFER_GAS) {
    throw new ServerError(`${TxErrorMessage.intrinsicGasTooLow}: gas ${high}, minimum needed ${TRANSFER_GAS}`);
  }

  if (options.isPlainTransfer) {
    const transfer = await options.run(TRANSFER_GAS);
    if (transfer.invalid) throw new ServerError(transfer.invalid);
    if (transfer.success) return TRANSFER_GAS;
  }

  const atCap = await options.run(high);
  if (atCap.invalid) throw new ServerError(atCap.invalid);
  if (!atCap.success) throw failureError(atCap, high);

  let low = atCap.gasUsed - 1n;
  const optimistic = ((atCap.gasUsed + atCap.gasRefund + CALL_STIPEND) * 64n) / 63n;
  if (optimistic < high) {
    const probe = await options.run(optimistic);
    if (probe.success) high = optimistic;
    else low = optimistic;
  }
  while (low + 1n < high) {
    if (Number(high - low) / Number(high) < ERROR_RATIO) break;
    let middle = (high + low) / 2n;
    if (middle > low * 2n) middle = low * 2n;
    const outcome = await options.run(middle);
    // An invalid outcome at a lower limit means intrinsic gas was not covered: too low.
    if (outcome.success) high = middle;
    else low = middle;
  }
  return high;
}

/** The error for a call that fails even with all the gas it may have. */
function failureError(outcome: CallOutcome, high: bigint): RpcError {
  if (outcome.error === TxErrorMessage.executionReverted) return revertError(outcome.returnData);
  if (outcome.error === TxErrorMessage.outOfGas) return new ServerError(`gas required exceeds allowance (${high})`);
  return new ServerError(outcome.error ?? 'execution failed');
}

/** geth's revert error: "execution reverted[: reason]" with the revert bytes as data (-32000 unless `code`). */
export function revertError(returnData: Uint8Array, code: number = ErrorCode.server): RpcError {
  const reason = decodeRevertReason(returnData);
  const message = reason === undefined ? TxErrorMessage.executionReverted : `${TxErrorMessage.executionReverted}: ${reason}`;
  return new RpcError(code, message, { data: bytesToHex(returnData) });
}
