import { SequinError } from './SequinError.js';

/** What is wrong with an eth_sendTransaction request the node would sign. */
export type TransactionRequestProblem =
  | { kind: 'missingFrom' }
  /** `from` is not one of the node's dev accounts. */
  | { kind: 'unknownAccount' }
  /** The nonce is 2^64 − 1 (EIP-2681). */
  | { kind: 'nonceMax' }
  | { kind: 'feeCapBelowTip'; feeCap: bigint; tip: bigint };

/** An eth_sendTransaction request the node cannot turn into a transaction (geth's SendTxArgs checks). */
export class InvalidTransactionRequestError extends SequinError {
  readonly kind = 'invalidTransactionRequest';

  constructor(readonly problem: TransactionRequestProblem) {
    super(`invalid transaction request (${problem.kind})`);
  }
}
