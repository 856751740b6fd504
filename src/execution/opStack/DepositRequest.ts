import type { Common } from '@ethereumjs/common';
import type { CallRequest } from '../CallRequest.js';
import { DepositTransaction } from './DepositTransaction.js';

/** The deposit fields eth_sendTransaction takes on an OP Stack chain, named as Anvil's optimism mode names them. */
export interface DepositRequestFields {
  sourceHash: Uint8Array;
  /** Wei minted to `from` (Anvil: 0 when absent). */
  mint: bigint;
  isSystemTx: boolean;
}

/** An eth_sendTransaction request: a call object, and on an OP Stack chain perhaps a deposit's fields. */
export interface SendRequest extends CallRequest {
  deposit?: DepositRequestFields;
}

/**
 * The deposit a request describes, as Anvil builds it from a request: its `from`, `to` (absent: a
 * creation), `value` (0), `input` (empty), and its gas limit (the request's, or the estimate the caller
 * made). Fee and nonce fields have no place in a deposit and are not read.
 */
export function depositOfRequest(
  request: SendRequest & { from: Uint8Array; deposit: DepositRequestFields },
  gasLimit: bigint,
  common: Common,
): DepositTransaction {
  return new DepositTransaction(
    {
      sourceHash: request.deposit.sourceHash,
      from: request.from,
      to: request.to ?? undefined,
      mint: request.deposit.mint,
      value: request.value ?? 0n,
      gasLimit,
      isSystemTx: request.deposit.isSystemTx,
      data: request.data ?? new Uint8Array(0),
    },
    common,
  );
}
