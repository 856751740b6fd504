import type { InvalidCallReason } from '../errors/InvalidCallReason.js';

/**
 * A transaction call object (eth_call, eth_estimateGas, eth_sendTransaction), decoded.
 * Every field is optional; see the spec's "Transaction call object".
 */
export interface CallRequest {
  from?: Uint8Array;
  to?: Uint8Array | null;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  value?: bigint;
  data?: Uint8Array;
  nonce?: bigint;
  accessList?: Array<{ address: Uint8Array; storageKeys: Uint8Array[] }>;
  authorizationList?: Array<{ chainId: bigint; address: Uint8Array; nonce: bigint; yParity: number; r: bigint; s: bigint }>;
  type?: number;
}

/** The outcome of executing a call. `error` is geth's wording when the call failed. */
export interface CallOutcome {
  success: boolean;
  returnData: Uint8Array;
  gasUsed: bigint;
  gasRefund: bigint;
  /** geth's message for a failed execution ("execution reverted", "out of gas", ...). */
  error?: string;
  /** Set when the message never executed: why the call is invalid on this state (geth's pre-check). */
  invalid?: InvalidCallReason;
  /**
   * Set only for a watched run (runCall's `watchGasLimit`) that succeeded without refunds and
   * whose course could not depend on its gas limit: the least gas limit with which it succeeds.
   */
  leastGasLimit?: bigint;
}
