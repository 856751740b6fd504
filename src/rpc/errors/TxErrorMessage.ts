/**
 * geth's exact error strings for transaction admission and execution (core/txpool/errors.go,
 * core/error.go), used by the edge's tables. viem and ethers classify node errors by matching
 * these texts, so they must not be reworded.
 */
export const TxErrorMessage = {
  nonceTooLow: 'nonce too low',
  nonceTooHigh: 'nonce too high',
  insufficientFunds: 'insufficient funds for gas * price + value',
  insufficientFundsForTransfer: 'insufficient funds for transfer',
  alreadyKnown: 'already known',
  replacementUnderpriced: 'replacement transaction underpriced',
  intrinsicGasTooLow: 'intrinsic gas too low',
  gasLimitExceeded: 'exceeds block gas limit',
  /** EIP-7825 (core.ErrGasLimitTooHigh). */
  gasLimitTooHigh: 'transaction gas limit too high',
  tipAboveFeeCap: 'max priority fee per gas higher than max fee per gas',
  oversizedData: 'oversized data',
  underpriced: 'transaction underpriced',
  invalidSender: 'invalid sender',
  invalidChainId: 'invalid chain id for signer',
  txPoolOverflow: 'txpool is full',
  accountLimitExceeded: 'account limit exceeded',
  unprotectedTx: 'only replay-protected (EIP-155) transactions allowed over RPC',
  txTypeNotSupported: 'transaction type not supported',
  blobTxNotSupported: 'transaction type not supported: blob transactions are not accepted by this chain',
  feeCapTooLow: 'max fee per gas less than block base fee',
  negativeValue: 'negative value',
  gasUintOverflow: 'gas uint64 overflow',
  feeCapVeryHigh: 'max fee per gas higher than 2^256-1',
  tipVeryHigh: 'max priority fee per gas higher than 2^256-1',
  initCodeTooLarge: 'max initcode size exceeded',
  emptyAuthorizationList: 'EIP-7702 transaction with empty auth list',
  setCodeTxCreate: 'EIP-7702 transaction cannot be used to create contract',
  senderNotEoa: 'sender not an eoa',
  executionReverted: 'execution reverted',
  outOfGas: 'out of gas',
} as const;
