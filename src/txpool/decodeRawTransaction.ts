import type { Common } from '@ethereumjs/common';
import { Capability, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { InvalidParamsError, ServerError } from '../errors/RpcError.js';
import { TxErrorMessage } from '../errors/txErrors.js';
import { bytesToHex } from '../primitives/hex.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { precheckRawFields } from './precheckRawFields.js';

/** Largest accepted transaction, geth's txMaxSize (4 slots of 32 KiB). */
export const MAX_TRANSACTION_BYTES = 128 * 1024;

const SUPPORTED_TYPES = new Set([0, 1, 2, 4]);

/** The chain facts stateless validation needs. */
export interface StatelessRules {
  common: Common;
  chainId: bigint;
  blockGasLimit: bigint;
  minTip: bigint;
}

/**
 * Stateless admission checks, in geth's order where it matters: size, type, decoding, chain id,
 * replay protection, fee sanity, gas bounds, then the signature (the sender is recovered here,
 * once, with native secp256k1). Throws geth's -32000 errors; malformed bytes are -32602.
 */
export function decodeRawTransaction(raw: Uint8Array, rules: StatelessRules): PoolTransaction {
  if (raw.length > MAX_TRANSACTION_BYTES)
    throw new ServerError(`${TxErrorMessage.oversizedData}: transaction size ${raw.length}, limit ${MAX_TRANSACTION_BYTES}`);
  if (raw.length === 0) throw new InvalidParamsError('invalid argument 0: empty transaction data');
  const type = raw[0]! >= 0xc0 ? 0 : raw[0]!;
  if (type === 3) throw new ServerError(TxErrorMessage.blobTxNotSupported);
  if (!SUPPORTED_TYPES.has(type)) throw new ServerError(TxErrorMessage.txTypeNotSupported);
  precheckRawFields(raw, type, rules.chainId);

  let transaction: TypedTransaction;
  try {
    transaction = createTxFromRLP(raw, { common: rules.common });
  } catch (error) {
    throw decodingError(error);
  }
  if (type === 0 && !transaction.supports(Capability.EIP155ReplayProtection)) throw new ServerError(TxErrorMessage.unprotectedTx);

  const feeCap = 'maxFeePerGas' in transaction ? transaction.maxFeePerGas : (transaction as { gasPrice: bigint }).gasPrice;
  const tip = 'maxPriorityFeePerGas' in transaction ? transaction.maxPriorityFeePerGas : feeCap;
  if (transaction.gasLimit > rules.blockGasLimit) throw new ServerError(TxErrorMessage.gasLimitExceeded);
  const minimumGas = transaction.getMinimumGasLimit();
  if (transaction.gasLimit < minimumGas)
    throw new ServerError(`${TxErrorMessage.intrinsicGasTooLow}: gas ${transaction.gasLimit}, minimum needed ${minimumGas}`);
  if (tip < rules.minTip) throw new ServerError(`${TxErrorMessage.underpriced}: gas tip cap ${tip}, minimum needed ${rules.minTip}`);

  let sender: string;
  try {
    sender = Buffer.from(transaction.getSenderAddress().bytes).toString('hex');
  } catch {
    throw new ServerError(TxErrorMessage.invalidSender);
  }
  return {
    transaction,
    raw,
    hash: bytesToHex(transaction.hash()),
    sender,
    nonce: transaction.nonce,
    gasLimit: transaction.gasLimit,
    feeCap,
    tip,
    cost: transaction.gasLimit * feeCap + transaction.value,
  };
}

function decodingError(error: unknown): Error {
  const detail = error instanceof Error ? error.message.replace(/ \(tx type=.*$/s, '') : String(error);
  if (/signature|s-value|s value|Invalid Signature/i.test(detail)) return new ServerError(TxErrorMessage.invalidSender);
  return new InvalidParamsError(`invalid argument 0: invalid transaction encoding: ${detail.split('\n')[0]}`);
}
