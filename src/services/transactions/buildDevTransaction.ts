import type { Common } from '@ethereumjs/common';
import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { InvalidTransactionRequestError } from '../../errors/InvalidTransactionRequestError.js';
import { TransactionRejectedError } from '../../errors/TransactionRejectedError.js';
import type { CallRequest } from '../../execution/CallRequest.js';
import { rawFieldLimits } from '../../txpool/precheckRawFields.js';

const MAX_UINT256 = 2n ** 256n - 1n;
/** EIP-2681: a nonce must stay below 2^64 - 1. */
const MAX_NONCE = 2n ** 64n - 1n;

/** What {@link buildDevTransaction} fills in a request's blanks with. */
export interface DevTransactionDefaults {
  common: Common;
  chainId: bigint;
  nonce: bigint;
  gasLimit: bigint;
  baseFeePerGas: bigint;
  suggestedTip: bigint;
  /** The sender's balance, for geth's "insufficient funds" wording when gas × fee cap cannot even be represented. */
  balance: bigint;
  /** False leaves the transaction unfrozen, for signDevTransaction to sign in place; default true, as ethereumjs builds it. */
  freeze?: boolean;
}

/**
 * The unsigned transaction eth_sendTransaction signs for a dev account, with geth's fee defaults
 * (internal/ethapi/transaction_args.go setFeeDefaults): `gasPrice` makes a legacy (EIP-155) tx;
 * otherwise an EIP-1559 tx whose tip defaults to the suggested tip and whose fee cap defaults to
 * tip + 2 × base fee. Refused with geth's -32000 errors, never an ethereumjs exception: a nonce
 * at 2^64 - 1 (`nonce has max value`, EIP-2681), a gas limit above EIP-7825's cap, init code over
 * EIP-3860's limit, a fee cap
 * below the tip (`maxFeePerGas (X) < maxPriorityFeePerGas (Y)`), and a cost gas × fee + value
 * past 2^256 - 1 (`insufficient funds for gas * price + value`, as geth's pool would answer).
 */
export function buildDevTransaction(request: CallRequest, defaults: DevTransactionDefaults): TypedTransaction {
  if (defaults.nonce >= MAX_NONCE) throw new InvalidTransactionRequestError({ kind: 'nonceMax' });
  const value = request.value ?? 0n;
  const base = {
    nonce: defaults.nonce,
    gasLimit: defaults.gasLimit,
    to: request.to ?? undefined,
    value,
    data: request.data ?? new Uint8Array(0),
    chainId: defaults.chainId,
  };
  const feeCap = request.gasPrice ?? request.maxFeePerGas ?? defaults.baseFeePerGas * 2n + (request.maxPriorityFeePerGas ?? defaults.suggestedTip);
  const tip = request.maxPriorityFeePerGas ?? defaults.suggestedTip;
  if (request.gasPrice === undefined && feeCap < tip) throw new InvalidTransactionRequestError({ kind: 'feeCapBelowTip', feeCap, tip });
  // geth's pool checks, which @ethereumjs/tx would otherwise raise in its own words while building the tx.
  const limits = rawFieldLimits(defaults.common);
  if (limits.maxGas !== undefined && defaults.gasLimit > limits.maxGas) {
    throw new TransactionRejectedError({ kind: 'gasLimitTooHigh', gas: defaults.gasLimit, cap: limits.maxGas });
  }
  if (base.to === undefined && limits.maxInitCode !== undefined && base.data.length > limits.maxInitCode) {
    throw new TransactionRejectedError({ kind: 'initCodeTooLarge', size: base.data.length, limit: limits.maxInitCode });
  }
  const cost = defaults.gasLimit * feeCap + value;
  if (cost > MAX_UINT256) {
    throw new TransactionRejectedError({ kind: 'insufficientFunds', balance: defaults.balance, cost });
  }
  const options = { common: defaults.common, freeze: defaults.freeze ?? true };
  if (request.gasPrice !== undefined) return createTx({ ...base, type: 0, gasPrice: request.gasPrice }, options);
  // Before London (--hardfork berlin) there are no fee-market transactions: a legacy one at the fee cap, as geth fills it there.
  if (!defaults.common.isActivatedEIP(1559)) return createTx({ ...base, type: 0, gasPrice: feeCap }, options);
  return createTx({ ...base, type: 2, maxPriorityFeePerGas: tip, maxFeePerGas: feeCap }, options);
}
