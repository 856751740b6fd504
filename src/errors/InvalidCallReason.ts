import type { Hex } from '../primitives/hex.js';

/**
 * Why a call (eth_call, eth_estimateGas, eth_createAccessList, debug_traceCall) could not be
 * executed at all, as opposed to executing and failing. The checks Sequin makes itself carry
 * their numbers; the rest are runTx's refusals, recognised in `execution/vmErrors.ts`, whose
 * geth messages carry none. Worded at the RPC edge (`rpc/errors/invalidCallReasonMessage.ts`).
 */
export type InvalidCallReason =
  /** The sender cannot pay gas × price + value; `shortfall` when Sequin checked it before running. */
  | { kind: 'insufficientFunds'; shortfall?: { address: Hex; balance: bigint; cost: bigint } }
  /** The fee cap is below the block's base fee; `detail` when Sequin checked it before running. */
  | { kind: 'feeCapTooLow'; detail?: { address: Hex; feeCap: bigint; baseFee: bigint } }
  /** eth_estimateGas: the value alone is more than the sender's balance. */
  | { kind: 'insufficientFundsForTransfer' }
  /** The gas cannot cover the intrinsic cost; `detail` when Sequin checked it before running. */
  | { kind: 'intrinsicGasTooLow'; detail?: { gas: bigint; minimum: bigint } }
  /** eth_createAccessList: the gas cannot pay for every EIP-7702 authorization. */
  | { kind: 'insufficientGasForAuthorizations' }
  | { kind: 'nonceTooLow' }
  | { kind: 'gasLimitExceeded' }
  /** The sender has code that is not an EIP-7702 delegation. */
  | { kind: 'senderNotEoa' }
  /** A refusal runTx worded in a way Sequin does not recognise: its first words, as they are. */
  | { kind: 'unrecognized'; message: string };
