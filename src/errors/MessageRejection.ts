import type { Hex } from '../primitives/hex.js';

/**
 * Why a message (a simulated call, or a transaction put in a test block) cannot be applied to the
 * state, as geth's state transition checks it before running it (core/state_transition.go
 * preCheck and buyGas, core/error.go). Numbers and addresses travel along; the RPC edge words
 * them as geth does. Addresses are 0x-prefixed lower-case.
 */
export type MessageRejection =
  | { kind: 'nonceTooLow'; address: Hex; transactionNonce: bigint; stateNonce: bigint }
  | { kind: 'nonceTooHigh'; address: Hex; transactionNonce: bigint; stateNonce: bigint }
  | { kind: 'nonceMax'; address: Hex; nonce: bigint }
  | { kind: 'feeCapTooLow'; address: Hex; feeCap: bigint; baseFee: bigint }
  | { kind: 'tipAboveFeeCap'; address: Hex; tip: bigint; feeCap: bigint }
  | { kind: 'blobFeeCapTooLow'; address: Hex; blobFeeCap: bigint; blobBaseFee: bigint }
  | { kind: 'insufficientFunds'; address: Hex; balance: bigint; cost: bigint }
  | { kind: 'intrinsicGasTooLow'; gas: bigint; minimum: bigint }
  | { kind: 'floorDataGas'; gas: bigint; minimum: bigint }
  | { kind: 'initCodeTooLarge'; size: number; limit: number }
  | { kind: 'senderNotEoa'; address: Hex }
  /** A refusal not worded above: the message as it is (ethereumjs's own words stay in the logs). */
  | { kind: 'other'; message: string };
