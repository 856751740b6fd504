import { describe, expect, it } from 'vitest';
import { TransactionRejectedError } from '../../errors/TransactionRejectedError.js';
import type { TransactionRejection } from '../../errors/TransactionRejection.js';
import { toJsonRpcError } from './toJsonRpcError.js';

type Case<K extends TransactionRejection['kind']> = { reason: Extract<TransactionRejection, { kind: K }>; code: number; message: string };

/**
 * One case per rejection reason (the type requires it), with geth's exact message as viem and
 * ethers match it (core/txpool/errors.go, core/txpool/validation.go, core/error.go).
 */
const CASES: { [K in TransactionRejection['kind']]: Case<K> } = {
  oversizedData: {
    reason: { kind: 'oversizedData', size: 131_073, limit: 131_072 },
    code: -32000,
    message: 'oversized data: transaction size 131073, limit 131072',
  },
  emptyData: { reason: { kind: 'emptyData' }, code: -32602, message: 'invalid argument 0: empty transaction data' },
  malformedEncoding: {
    reason: { kind: 'malformedEncoding', detail: 'invalid RLP: remainder must be zero' },
    code: -32602,
    message: 'invalid argument 0: invalid transaction encoding: invalid RLP: remainder must be zero',
  },
  notRlpList: { reason: { kind: 'notRlpList' }, code: -32602, message: 'invalid argument 0: transaction is not an RLP list' },
  blobTransaction: {
    reason: { kind: 'blobTransaction' },
    code: -32000,
    message: 'transaction type not supported: blob transactions are not accepted by this chain',
  },
  unsupportedType: { reason: { kind: 'unsupportedType', type: 5 }, code: -32000, message: 'transaction type not supported' },
  typeBeforeFork: {
    reason: { kind: 'typeBeforeFork', type: 2, fork: 'London' },
    code: -32000,
    message: 'transaction type not supported: type 2 rejected, pool not yet in London',
  },
  invalidChainId: { reason: { kind: 'invalidChainId', have: 1n, want: 31337n }, code: -32000, message: 'invalid chain id for signer: have 1 want 31337' },
  unprotected: { reason: { kind: 'unprotected' }, code: -32000, message: 'only replay-protected (EIP-155) transactions allowed over RPC' },
  feeCapTooHigh: { reason: { kind: 'feeCapTooHigh' }, code: -32000, message: 'max fee per gas higher than 2^256-1' },
  tipTooHigh: { reason: { kind: 'tipTooHigh' }, code: -32000, message: 'max priority fee per gas higher than 2^256-1' },
  tipAboveFeeCap: {
    reason: { kind: 'tipAboveFeeCap', tip: 3n, feeCap: 2n },
    code: -32000,
    message: 'max priority fee per gas higher than max fee per gas: maxPriorityFeePerGas: 3, maxFeePerGas: 2',
  },
  initCodeTooLarge: {
    reason: { kind: 'initCodeTooLarge', size: 49_153, limit: 49_152 },
    code: -32000,
    message: 'max initcode size exceeded: code size 49153, limit 49152',
  },
  setCodeCreate: { reason: { kind: 'setCodeCreate' }, code: -32000, message: 'EIP-7702 transaction cannot be used to create contract' },
  emptyAuthorizationList: { reason: { kind: 'emptyAuthorizationList' }, code: -32000, message: 'EIP-7702 transaction with empty auth list' },
  invalidSender: { reason: { kind: 'invalidSender' }, code: -32000, message: 'invalid sender' },
  gasLimitExceeded: { reason: { kind: 'gasLimitExceeded', gas: 30_000_001n, limit: 30_000_000n }, code: -32000, message: 'exceeds block gas limit' },
  gasLimitTooHigh: {
    reason: { kind: 'gasLimitTooHigh', gas: 16_777_217n, cap: 16_777_216n },
    code: -32000,
    message: 'transaction gas limit too high (cap: 16777216, tx: 16777217)',
  },
  intrinsicGasTooLow: {
    reason: { kind: 'intrinsicGasTooLow', gas: 20_999n, minimum: 21_000n },
    code: -32000,
    message: 'intrinsic gas too low: gas 20999, minimum needed 21000',
  },
  tipBelowMinimum: {
    reason: { kind: 'tipBelowMinimum', tip: 1n, minimum: 2n },
    code: -32000,
    message: 'transaction underpriced: gas tip cap 1, minimum needed 2',
  },
  alreadyKnown: { reason: { kind: 'alreadyKnown' }, code: -32000, message: 'already known' },
  nonceTooLow: { reason: { kind: 'nonceTooLow', next: 7n, got: 5n }, code: -32000, message: 'nonce too low: next nonce 7, tx nonce 5' },
  replacementUnderpriced: { reason: { kind: 'replacementUnderpriced' }, code: -32000, message: 'replacement transaction underpriced' },
  insufficientFunds: {
    reason: { kind: 'insufficientFunds', balance: 100n, cost: 250n },
    code: -32000,
    message: 'insufficient funds for gas * price + value: balance 100, tx cost 250, overshot 150',
  },
  accountLimitExceeded: {
    reason: { kind: 'accountLimitExceeded', limit: 64 },
    code: -32000,
    message: 'account limit exceeded: 64 future-nonce transactions already queued',
  },
  poolFull: { reason: { kind: 'poolFull' }, code: -32000, message: 'txpool is full' },
  underpricedForFullPool: { reason: { kind: 'underpricedForFullPool', tip: 1n, cheapestTip: 2n }, code: -32000, message: 'transaction underpriced' },
};

describe('transaction rejections at the RPC edge', () => {
  it.each(Object.values(CASES))('$reason.kind → $code $message', ({ reason, code, message }) => {
    const wire = toJsonRpcError(new TransactionRejectedError(reason));
    expect({ code: wire.code, message: wire.message, data: wire.data }).toEqual({ code, message, data: undefined });
  });
});
