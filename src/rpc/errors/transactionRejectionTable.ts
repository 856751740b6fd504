import type { TransactionRejection } from '../../errors/TransactionRejection.js';
import { ErrorCodes } from './errorCodes.js';
import { TxErrorMessage } from './TxErrorMessage.js';
import type { WireError } from './WireError.js';

type Row<K extends TransactionRejection['kind']> = (reason: Extract<TransactionRejection, { kind: K }>) => WireError;

const server = (message: string): WireError => ({ code: ErrorCodes.server, message });
/** Bytes that are not a transaction: the raw transaction is argument 0 of eth_sendRawTransaction. */
const notATransaction = (problem: string): WireError => ({ code: ErrorCodes.invalidParams, message: `invalid argument 0: ${problem}` });

/**
 * How each reason the pool gives for refusing a transaction is answered: -32000 with geth's
 * exact message (core/txpool/errors.go, core/txpool/validation.go, core/error.go), with the
 * same details geth appends; -32602 for bytes that are not a transaction at all. One row per
 * reason: a new reason does not compile without its row.
 */
export const TRANSACTION_REJECTION_TABLE: { readonly [K in TransactionRejection['kind']]: Row<K> } = {
  oversizedData: ({ size, limit }) => server(`${TxErrorMessage.oversizedData}: transaction size ${size}, limit ${limit}`),
  emptyData: () => notATransaction('empty transaction data'),
  malformedEncoding: ({ detail }) => notATransaction(`invalid transaction encoding: ${detail}`),
  notRlpList: () => notATransaction('transaction is not an RLP list'),
  blobTransaction: () => server(TxErrorMessage.blobTxNotSupported),
  unsupportedType: () => server(TxErrorMessage.txTypeNotSupported),
  typeBeforeFork: ({ type, fork }) => server(`${TxErrorMessage.txTypeNotSupported}: type ${type} rejected, pool not yet in ${fork}`),
  invalidChainId: ({ have, want }) => server(`${TxErrorMessage.invalidChainId}: have ${have} want ${want}`),
  unprotected: () => server(TxErrorMessage.unprotectedTx),
  feeCapTooHigh: () => server(TxErrorMessage.feeCapVeryHigh),
  tipTooHigh: () => server(TxErrorMessage.tipVeryHigh),
  tipAboveFeeCap: ({ tip, feeCap }) => server(`${TxErrorMessage.tipAboveFeeCap}: maxPriorityFeePerGas: ${tip}, maxFeePerGas: ${feeCap}`),
  initCodeTooLarge: ({ size, limit }) => server(`${TxErrorMessage.initCodeTooLarge}: code size ${size}, limit ${limit}`),
  setCodeCreate: () => server(TxErrorMessage.setCodeTxCreate),
  emptyAuthorizationList: () => server(TxErrorMessage.emptyAuthorizationList),
  invalidSender: () => server(TxErrorMessage.invalidSender),
  gasLimitExceeded: () => server(TxErrorMessage.gasLimitExceeded),
  gasLimitTooHigh: ({ gas, cap }) => server(`${TxErrorMessage.gasLimitTooHigh} (cap: ${cap}, tx: ${gas})`),
  intrinsicGasTooLow: ({ gas, minimum }) => server(`${TxErrorMessage.intrinsicGasTooLow}: gas ${gas}, minimum needed ${minimum}`),
  tipBelowMinimum: ({ tip, minimum }) => server(`${TxErrorMessage.underpriced}: gas tip cap ${tip}, minimum needed ${minimum}`),
  alreadyKnown: () => server(TxErrorMessage.alreadyKnown),
  nonceTooLow: ({ next, got }) => server(`${TxErrorMessage.nonceTooLow}: next nonce ${next}, tx nonce ${got}`),
  replacementUnderpriced: () => server(TxErrorMessage.replacementUnderpriced),
  insufficientFunds: ({ balance, cost }) => server(`${TxErrorMessage.insufficientFunds}: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`),
  accountLimitExceeded: ({ limit }) => server(`${TxErrorMessage.accountLimitExceeded}: ${limit} future-nonce transactions already queued`),
  poolFull: () => server(TxErrorMessage.txPoolOverflow),
  underpricedForFullPool: () => server(TxErrorMessage.underpriced),
};

/** The code and message a transaction rejection is answered with. */
export function transactionRejectionToWire(reason: TransactionRejection): WireError {
  return (TRANSACTION_REJECTION_TABLE[reason.kind] as Row<typeof reason.kind>)(reason as never);
}
