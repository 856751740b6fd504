import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { Capability, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { InvalidParamsError, ServerError } from '../errors/RpcError.js';
import { TxErrorMessage } from '../errors/txErrors.js';
import { bytesToBigint, bytesToHex } from '../primitives/hex.js';
import type { PoolTransaction } from './PoolTransaction.js';

/** Largest accepted transaction, geth's txMaxSize (4 slots of 32 KiB). */
export const MAX_TRANSACTION_BYTES = 128 * 1024;
/** EIP-3860 limit on contract creation code. */
export const MAX_INITCODE_BYTES = 49_152;

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
  if (raw.length > MAX_TRANSACTION_BYTES) throw new ServerError(`${TxErrorMessage.oversizedData}: transaction size ${raw.length}, limit ${MAX_TRANSACTION_BYTES}`);
  if (raw.length === 0) throw new InvalidParamsError('invalid argument 0: empty transaction data');
  const type = raw[0]! >= 0xc0 ? 0 : raw[0]!;
  if (type === 3) throw new ServerError(TxErrorMessage.blobTxNotSupported);
  if (!SUPPORTED_TYPES.has(type)) throw new ServerError(TxErrorMessage.txTypeNotSupported);
  checkChainIdAndFeeOrder(raw, type, rules.chainId);

  let transaction: TypedTransaction;
  try {
    transaction = createTxFromRLP(raw, { common: rules.common });
  } catch (error) {
    throw decodingError(error);
  }
  if (type === 0 && !transaction.supports(Capability.EIP155ReplayProtection)) throw new ServerError(TxErrorMessage.unprotectedTx);
  if (type === 0 && (transaction.v === 27n || transaction.v === 28n)) throw new ServerError(TxErrorMessage.unprotectedTx);

  const feeCap = 'maxFeePerGas' in transaction ? transaction.maxFeePerGas : (transaction as { gasPrice: bigint }).gasPrice;
  const tip = 'maxPriorityFeePerGas' in transaction ? transaction.maxPriorityFeePerGas : feeCap;
  if (feeCap >= 2n ** 256n) throw new ServerError(TxErrorMessage.feeCapVeryHigh);
  if (tip > feeCap) throw new ServerError(`${TxErrorMessage.tipAboveFeeCap}: maxPriorityFeePerGas: ${tip}, maxFeePerGas: ${feeCap}`);
  if (transaction.gasLimit > rules.blockGasLimit) throw new ServerError(TxErrorMessage.gasLimitExceeded);
  if (transaction.to === undefined && transaction.data.length > MAX_INITCODE_BYTES) {
    throw new ServerError(`${TxErrorMessage.initCodeTooLarge}: code size ${transaction.data.length}, limit ${MAX_INITCODE_BYTES}`);
  }
  if (type === 4) {
    const authorizations = (transaction as unknown as { authorizationList: unknown[] }).authorizationList;
    if (transaction.to === undefined) throw new ServerError(TxErrorMessage.setCodeTxCreate);
    if (authorizations.length === 0) throw new ServerError(TxErrorMessage.emptyAuthorizationList);
  }
  const minimumGas = transaction.getMinimumGasLimit();
  if (transaction.gasLimit < minimumGas) throw new ServerError(`${TxErrorMessage.intrinsicGasTooLow}: gas ${transaction.gasLimit}, minimum needed ${minimumGas}`);
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

/**
 * Reads the chain id (and, for type 2/4, the fee fields) before full decoding, so a foreign chain
 * or a tip above the fee cap gets geth's message, not a decoder's.
 */
function checkChainIdAndFeeOrder(raw: Uint8Array, type: number, chainId: bigint): void {
  let fields: unknown;
  try {
    fields = RLP.decode(type === 0 ? raw : raw.subarray(1));
  } catch (error) {
    throw decodingError(error);
  }
  if (!Array.isArray(fields)) throw new InvalidParamsError('invalid argument 0: transaction is not an RLP list');
  if (type === 0) {
    const v = fields[6];
    if (!(v instanceof Uint8Array)) return;
    const value = bytesToBigint(v);
    if (value === 27n || value === 28n) throw new ServerError(TxErrorMessage.unprotectedTx);
    if (value >= 35n) {
      const signedChainId = (value - 35n) / 2n;
      if (signedChainId !== chainId) throw new ServerError(`${TxErrorMessage.invalidChainId}: have ${signedChainId} want ${chainId}`);
    }
    return;
  }
  const field = fields[0];
  if (!(field instanceof Uint8Array)) return;
  const signedChainId = bytesToBigint(field);
  if (signedChainId !== chainId) throw new ServerError(`${TxErrorMessage.invalidChainId}: have ${signedChainId} want ${chainId}`);
  // ethereumjs refuses to build a type-2/4 tx whose tip exceeds its fee cap, in its own words;
  // check it here so the client gets geth's message (which viem and ethers recognise).
  const [tipField, feeCapField] = [fields[2], fields[3]];
  if ((type === 2 || type === 4) && tipField instanceof Uint8Array && feeCapField instanceof Uint8Array) {
    const tip = bytesToBigint(tipField);
    const feeCap = bytesToBigint(feeCapField);
    if (tip > feeCap) throw new ServerError(`${TxErrorMessage.tipAboveFeeCap}: maxPriorityFeePerGas: ${tip}, maxFeePerGas: ${feeCap}`);
  }
}

function decodingError(error: unknown): Error {
  const detail = error instanceof Error ? error.message.replace(/ \(tx type=.*$/s, '') : String(error);
  if (/signature|s-value|s value|Invalid Signature/i.test(detail)) return new ServerError(TxErrorMessage.invalidSender);
  return new InvalidParamsError(`invalid argument 0: invalid transaction encoding: ${detail.split('\n')[0]}`);
}
