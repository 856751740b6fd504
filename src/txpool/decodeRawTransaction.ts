import type { Common } from '@ethereumjs/common';
import {
  Capability,
  create1559FeeMarketTxFromBytesArray,
  createAccessList2930TxFromBytesArray,
  createEOACode7702TxFromBytesArray,
  createLegacyTxFromBytesArray,
  type TypedTransaction,
} from '@ethereumjs/tx';
import { EthereumJSError } from '@ethereumjs/util';
import { opStackOf } from '../config/ScheduledCommon.js';
import type { TransactionRejection } from '../errors/TransactionRejection.js';
import { DEPOSIT_TRANSACTION_TYPE, type DepositTransaction, decodeDeposit } from '../execution/opStack/DepositTransaction.js';
import { rememberSenderAddress } from '../execution/senderAddressOf.js';
import { bytesToHex } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { type RecoveryRequest, recoverSignerKey } from '../primitives/RecoveryWorker.js';
import { packedSignature, SECP256K1_ORDER } from '../primitives/secp256k1.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { precheckRawFields, type RlpItem, rawFieldLimits } from './precheckRawFields.js';
import { typedSigningHash } from './typedSigningHash.js';
import { invalid, type ValidationOutcome, valid } from './ValidationOutcome.js';

/** Largest accepted transaction, geth's txMaxSize (4 slots of 32 KiB). */
export const MAX_TRANSACTION_BYTES = 128 * 1024;

const SUPPORTED_TYPES = new Set([0, 1, 2, 4]);

/** The chain facts stateless validation needs. */
export interface StatelessRules {
  common: Common;
  /**
   * The rules (fork) of the block a transaction would join, the pending block's: a transaction is decoded
   * and checked under them (e.g. no typed transactions before Berlin). Default: `common`.
   */
  pendingRules?: () => Common;
  chainId: bigint;
  blockGasLimit: bigint;
  minTip: bigint;
  /**
   * OP Stack chains: what a transaction pays beyond gas · fee cap + value (its L1 data fee and worst-case
   * operator fee at the pending block's L1 values), which the pool's balance check counts as op-geth's does.
   */
  extraCost?: (transaction: TypedTransaction, raw: Uint8Array) => bigint;
}

/**
 * Stateless admission checks, in geth's order where it matters: size, type, decoding, chain id,
 * replay protection, fee sanity, gas bounds, then the signature (the sender is recovered here,
 * once, with native secp256k1). Valid: the transaction in the pool's form; invalid: the first
 * reason to reject it (bytes that are not a transaction: `emptyData`, `malformedEncoding`,
 * `notRlpList`).
 */
export function decodeRawTransaction(raw: Uint8Array, rules: StatelessRules): ValidationOutcome<PoolTransaction> {
  const checked = checkRawTransaction(raw, rules);
  if (!checked.valid) return checked;
  if (checked.value.kind === 'decoded') return valid(checked.value.transaction);
  return withSigner(checked.value, recoverSignerKey(checked.value.recovery), rules);
}

/**
 * What {@link checkRawTransaction} leaves: a transaction fully decoded (its sender known), or one that
 * passed every check but its signature, with what recovering its signer takes (a typed transaction's:
 * the recovery is the one costly step, which the caller may run elsewhere, then finish with {@link withSigner}).
 */
export type CheckedRawTransaction =
  | { kind: 'decoded'; transaction: PoolTransaction }
  | { kind: 'toRecover'; transaction: TypedTransaction; raw: Uint8Array; recovery: RecoveryRequest };

/** {@link decodeRawTransaction} up to the recovery of a typed transaction's signer (checks in the same order, with the same reasons). */
export function checkRawTransaction(raw: Uint8Array, rules: StatelessRules): ValidationOutcome<CheckedRawTransaction> {
  // A blob transaction in its network form carries its blobs (128 KiB each): it is refused for
  // its type, the documented reason, before its size is judged.
  if (raw[0] === 3 && isOneRlpList(raw.subarray(1))) return invalid({ kind: 'blobTransaction' });
  if (raw.length > MAX_TRANSACTION_BYTES) return invalid({ kind: 'oversizedData', size: raw.length, limit: MAX_TRANSACTION_BYTES });
  if (raw.length === 0) return invalid({ kind: 'emptyData' });
  const type = raw[0]! >= 0xc0 ? 0 : raw[0]!;
  if (type === 3) return invalid({ kind: 'blobTransaction' });
  if (type === DEPOSIT_TRANSACTION_TYPE && opStackOf(rules.common)) return decoded(decodeDepositSubmission(raw, rules));
  if (!SUPPORTED_TYPES.has(type)) return invalid({ kind: 'unsupportedType', type });
  const pendingRules = rules.pendingRules?.() ?? rules.common;
  const before = forkOfType(type, pendingRules);
  if (before) return invalid({ kind: 'typeBeforeFork', type, fork: before });
  const precheck = precheckRawFields(raw, type, rules.chainId, rawFieldLimits(pendingRules));
  if (precheck.rejection) return invalid(precheck.rejection);
  const { fields } = precheck;

  let transaction: TypedTransaction;
  try {
    // Built from the fields the precheck decoded, as createTxFromRLP would build it after decoding them again.
    transaction = FROM_FIELDS[type]!(fields as never, { common: pendingRules });
  } catch (error) {
    return invalid(decodingRejection(error));
  }
  if (type === 0 && !transaction.supports(Capability.EIP155ReplayProtection)) return invalid({ kind: 'unprotected' });

  const gasRejection = gasAndTipRejection(transaction, rules);
  if (gasRejection) return invalid(gasRejection);

  if (type === 0) {
    // A legacy transaction's EIP-155 message is not a slice of its bytes: ethereumjs re-encodes and recovers it here.
    let publicKey: Uint8Array | undefined;
    try {
      publicKey = transaction.getSenderPublicKey();
    } catch {
      publicKey = undefined;
    }
    return decoded(withSigner({ transaction, raw }, publicKey, rules));
  }
  try {
    return valid({ kind: 'toRecover', transaction, raw, recovery: typedRecovery(transaction, raw, fields) });
  } catch {
    return invalid({ kind: 'invalidSender' });
  }
}

/**
 * Finishes a {@link checkRawTransaction} with its signer's public key (undefined: no key made the
 * signature, geth's invalid sender): the sender address, the hash, the pool's form.
 */
export function withSigner(
  checked: { transaction: TypedTransaction; raw: Uint8Array },
  publicKey: Uint8Array | undefined,
  rules: StatelessRules,
): ValidationOutcome<PoolTransaction> {
  if (!publicKey) return invalid({ kind: 'invalidSender' });
  const { transaction, raw } = checked;
  transaction.cache.senderPubKey = publicKey;
  // The address is the public key's Keccak hash (last 20 bytes), taken with the node's
  // WebAssembly Keccak rather than the JavaScript one getSenderAddress() would use.
  const sender = keccak256(publicKey).subarray(12);
  rememberSenderAddress(transaction, sender);
  if (reserializesToRaw(transaction.type)) transaction.cache.hash = keccak256(raw);
  const pooled = toPoolTransaction(transaction, raw, Buffer.from(sender).toString('hex'));
  if (rules.extraCost) pooled.cost += rules.extraCost(transaction, raw);
  return valid(pooled);
}

function decoded(outcome: ValidationOutcome<PoolTransaction>): ValidationOutcome<CheckedRawTransaction> {
  return outcome.valid ? valid({ kind: 'decoded', transaction: outcome.value }) : outcome;
}

/** ethereumjs's constructor of each supported type from its decoded fields (createTxFromRLP's, after its RLP.decode). */
type FromFields = (fields: never, options: { common: Common }) => TypedTransaction;
const FROM_FIELDS: Record<number, FromFields> = {
  0: createLegacyTxFromBytesArray as FromFields,
  1: createAccessList2930TxFromBytesArray as FromFields,
  2: create1559FeeMarketTxFromBytesArray as FromFields,
  4: createEOACode7702TxFromBytesArray as FromFields,
};

const SECP256K1_ORDER_HALF = SECP256K1_ORDER / 2n;

/**
 * What recovering a typed transaction's signer takes, with ethereumjs's checks first (signed, EIP-2's low s;
 * throws when one fails): its signed hash cut from its raw bytes (typedSigningHash.ts) and its signature as
 * native libsecp256k1 takes it (what `getSenderPublicKey()` would recover, which caches the key the same way).
 */
function typedRecovery(transaction: TypedTransaction, raw: Uint8Array, fields: readonly RlpItem[]): RecoveryRequest {
  const { v, s } = transaction;
  if (v === undefined || s === undefined) throw new Error('unsigned transaction');
  if (s > SECP256K1_ORDER_HALF) throw new Error('s-value above secp256k1n/2 (EIP-2)');
  // r and s as ethereumjs hands them to ecrecover (bigIntToUnpaddedBytes): their fields' bytes, which have no leading zeros.
  const { signature, recoveryId } = packedSignature(v, fields.at(-2) as Uint8Array, fields.at(-1) as Uint8Array);
  return { messageHash: typedSigningHash(raw, fields.length), signature, recoveryId };
}

/**
 * True when ethereumjs's `serialize()` of the transaction gives back exactly `raw`, so its hash is
 * keccak256(raw), without encoding it again: the RLP decoded without error is canonical, ethereumjs
 * refuses leading zeros in every number but a typed transaction's chain id (which precheckRawFields
 * refuses, as geth does) and an EIP-7702 authorization's fields (so type 4 is left out).
 */
function reserializesToRaw(type: number): boolean {
  return type === 0 || type === 1 || type === 2;
}

/**
 * A deposit sent to an OP Stack chain, taken as Anvil's optimism mode takes it: decoded, no signature,
 * chain id, nonce or fee checks (its sender is in its fields; deposits pay no gas).
 */
function decodeDepositSubmission(raw: Uint8Array, rules: StatelessRules): ValidationOutcome<PoolTransaction> {
  let deposit: DepositTransaction;
  try {
    deposit = decodeDeposit(raw, rules.pendingRules?.() ?? rules.common);
  } catch (error) {
    return invalid({ kind: 'malformedEncoding', detail: (error as Error).message });
  }
  return valid(toPoolDeposit(deposit, raw));
}

/** A deposit in the pool's form (see {@link PoolTransaction.deposit}). */
export function toPoolDeposit(deposit: DepositTransaction, raw: Uint8Array = deposit.serialize()): PoolTransaction {
  return {
    transaction: deposit as unknown as TypedTransaction,
    raw,
    hash: bytesToHex(deposit.hash()),
    sender: Buffer.from(deposit.from.bytes).toString('hex'),
    nonce: 0n,
    gasLimit: deposit.gasLimit,
    feeCap: 0n,
    tip: 0n,
    cost: 0n,
    deposit: true,
  };
}

/** The stateless checks on gas and fees, in geth's order: block gas limit, intrinsic gas, minimum tip. */
export function gasAndTipRejection(transaction: TypedTransaction, rules: StatelessRules): TransactionRejection | undefined {
  const { tip } = feesOf(transaction);
  if (transaction.gasLimit > rules.blockGasLimit) return { kind: 'gasLimitExceeded', gas: transaction.gasLimit, limit: rules.blockGasLimit };
  const minimumGas = transaction.getMinimumGasLimit();
  if (transaction.gasLimit < minimumGas) return { kind: 'intrinsicGasTooLow', gas: transaction.gasLimit, minimum: minimumGas };
  if (tip < rules.minTip) return { kind: 'tipBelowMinimum', tip, minimum: rules.minTip };
  return undefined;
}

/** The fork that brings transaction type `type`, when the pending block's rules do not have it yet (geth's order: after the type, before the size). */
function forkOfType(type: number, rules: Common): 'Berlin' | 'London' | 'Prague' | undefined {
  if (type === 1 && !rules.isActivatedEIP(2930)) return 'Berlin';
  if (type === 2 && !rules.isActivatedEIP(1559)) return 'London';
  if (type === 4 && !rules.isActivatedEIP(7702)) return 'Prague';
  return undefined;
}

/** A checked transaction in the pool's form; `sender` is unprefixed lower-case hex. */
export function toPoolTransaction(transaction: TypedTransaction, raw: Uint8Array, sender: string): PoolTransaction {
  const { feeCap, tip } = feesOf(transaction);
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

function feesOf(transaction: TypedTransaction): { feeCap: bigint; tip: bigint } {
  const feeCap = 'maxFeePerGas' in transaction ? transaction.maxFeePerGas : (transaction as { gasPrice: bigint }).gasPrice;
  const tip = 'maxPriorityFeePerGas' in transaction ? transaction.maxPriorityFeePerGas : feeCap;
  return { feeCap, tip };
}

/**
 * True when `bytes` is exactly one RLP list, judged by its header alone: the canonical payload of
 * a blob transaction, or its network form `[tx, blobs, commitments, proofs]`, without decoding the
 * blobs.
 */
function isOneRlpList(bytes: Uint8Array): boolean {
  const prefix = bytes[0];
  if (prefix === undefined || prefix < 0xc0) return false;
  if (prefix <= 0xf7) return bytes.length === 1 + (prefix - 0xc0);
  const lengthBytes = prefix - 0xf7;
  if (bytes.length < 1 + lengthBytes || bytes[1] === 0) return false;
  let length = 0;
  for (let index = 1; index <= lengthBytes; index++) length = length * 256 + bytes[index]!;
  return bytes.length === 1 + lengthBytes + length;
}

/**
 * ethereumjs's decoding failure as a reason: a bad signature is geth's invalid sender, anything else
 * malformed bytes. Only ethereumjs's own errors describe the bytes; a JavaScript error (a field of
 * an unexpected shape reaching its code) says nothing a client can use, so it is not repeated.
 */
function decodingRejection(error: unknown): TransactionRejection {
  if (!(error instanceof EthereumJSError)) return { kind: 'malformedEncoding', detail: 'rlp: a field has the wrong shape for this transaction type' };
  const detail = error instanceof Error ? error.message.replace(/ \(tx type=.*$/s, '') : String(error);
  if (/signature|s-value|s value|Invalid Signature/i.test(detail)) return { kind: 'invalidSender' };
  return { kind: 'malformedEncoding', detail: detail.split('\n')[0]! };
}
