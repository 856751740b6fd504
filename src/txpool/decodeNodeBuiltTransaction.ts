import type { TypedTransaction } from '@ethereumjs/tx';
import { decodeStoredTransaction } from '../execution/impersonatedTransaction.js';
import { rememberSenderAddress } from '../execution/senderAddressOf.js';
import { keccak256 } from '../primitives/keccak.js';
import { decodeRawTransaction, gasAndTipRejection, MAX_TRANSACTION_BYTES, type StatelessRules, toPoolTransaction } from './decodeRawTransaction.js';
import type { PoolTransaction } from './PoolTransaction.js';
import { invalid, type ValidationOutcome, valid } from './ValidationOutcome.js';

/**
 * The stateless admission checks for a transaction the node built itself for `sender`: signed with a
 * dev account's key (eth_sendTransaction), or zero-signed for an impersonated address
 * (execution/impersonatedTransaction.ts, `impersonated`). The gas and fee checks every transaction
 * passes; no signature recovery, since the node knows the sender (the rest of decodeRawTransaction's
 * checks on fields hold by construction: buildDevTransaction). A signed one keeps geth's size limit,
 * which eth_sendTransaction met when it went through decodeRawTransaction; an impersonated one is
 * left without it, as before. The journal keeps the bytes (and an impersonated sender); a signed one
 * comes back through decodeRawTransaction at start-up, an impersonated one through
 * {@link decodeJournaledImpersonated}.
 */
export function decodeNodeBuiltTransaction(
  transaction: TypedTransaction,
  sender: Uint8Array,
  rules: StatelessRules,
  impersonated: boolean,
): ValidationOutcome<PoolTransaction> {
  const raw = transaction.serialize();
  // Its hash is these bytes' (ethereumjs would encode them again for it, and hash them in JavaScript).
  if (!impersonated && Object.isFrozen(transaction)) transaction.cache.hash ??= keccak256(raw);
  // Built under the chain's latest fork: where the pending block runs under another (a scheduled fork
  // still to come), a signed one is decoded under the pending block's rules as any raw transaction is.
  if (!impersonated && rules.pendingRules && rules.pendingRules().hardfork() !== transaction.common.hardfork()) return decodeRawTransaction(raw, rules);
  if (!impersonated && raw.length > MAX_TRANSACTION_BYTES) return invalid({ kind: 'oversizedData', size: raw.length, limit: MAX_TRANSACTION_BYTES });
  const rejection = gasAndTipRejection(transaction, rules);
  if (rejection) return invalid(rejection);
  // The address the node signed for: execution takes it from here, not by hashing the key again.
  if (!impersonated) rememberSenderAddress(transaction, sender);
  const pooled = toPoolTransaction(transaction, raw, Buffer.from(sender).toString('hex'));
  return valid(impersonated ? { ...pooled, impersonated: true } : pooled);
}

/** A journaled impersonated transaction (its zero-signed bytes and its sender), checked again. */
export function decodeJournaledImpersonated(raw: Uint8Array, sender: Uint8Array, rules: StatelessRules): ValidationOutcome<PoolTransaction> {
  let transaction: TypedTransaction;
  try {
    transaction = decodeStoredTransaction(raw, sender, rules.common);
  } catch (error) {
    return invalid({ kind: 'malformedEncoding', detail: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
  }
  return decodeNodeBuiltTransaction(transaction, sender, rules, true);
}
