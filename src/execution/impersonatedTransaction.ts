/**
 * Transactions sent "as" an address whose key the node does not hold (anvil_impersonateAccount,
 * eth_sendUnsignedTransaction), in Anvil's form so that both nodes agree on bytes and hashes:
 *
 *   - the transaction carries an all-zero signature (r = s = 0, parity 0; for a legacy EIP-155
 *     transaction v = chainId · 2 + 35), so its encoding is an ordinary EIP-2718 encoding;
 *   - its sender is given, not recovered (a zero signature recovers nothing);
 *   - its hash is keccak256(network encoding ‖ sender): the network encoding is the bytes
 *     themselves for a legacy transaction and an RLP string around the EIP-2718 bytes for a typed
 *     one. The sender is hashed in so that two addresses sending the same fields get two hashes.
 *
 * The wrapper answers `getSenderAddress()` and `hash()` with those values and delegates the rest
 * to the zero-signed transaction, so the pool, the EVM (runTx) and the stored records handle it
 * like any other transaction. Execution lets an impersonated sender have code (EIP-3607 is not
 * checked for it, as Anvil disables it): see {@link impersonatedSenderOf}.
 */
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { keccak256 } from '../primitives/keccak.js';
import { decodeTransaction } from './decodeTransaction.js';
import { isDeposit } from './opStack/DepositTransaction.js';

const IMPERSONATED_SENDER = Symbol('impersonatedSender');

/** An unsigned transaction given the zero signature and `sender` (20 bytes). */
export function impersonate(unsigned: TypedTransaction, sender: Uint8Array): TypedTransaction {
  // Legacy: `convertV` turns parity 0 into EIP-155's chainId · 2 + 35 (or 27 without a chain id).
  const zeroSigned = unsigned.type === 0 ? unsigned.addSignature(0n, 0n, 0n, true) : unsigned.addSignature(0n, 0n, 0n);
  return withSender(zeroSigned, sender);
}

/**
 * A stored or journaled transaction decoded again: its bytes and, for an impersonated one (zero
 * signature), the sender it was sent as (an OP Stack deposit names its own). A signed transaction's `from` is ignored: its sender is
 * recovered from the signature, as always.
 */
export function decodeStoredTransaction(raw: Uint8Array, from: Uint8Array, common: Common): TypedTransaction {
  const transaction = decodeTransaction(raw, common);
  // A deposit carries its sender in its fields.
  if (isDeposit(transaction)) return transaction;
  return hasZeroSignature(transaction) ? withSender(transaction, from) : transaction;
}

/** The address an impersonated transaction is sent as, or undefined for a signed transaction. */
export function impersonatedSenderOf(transaction: TypedTransaction): Address | undefined {
  return (transaction as { [IMPERSONATED_SENDER]?: Address })[IMPERSONATED_SENDER];
}

/** Anvil's hash of an impersonated transaction: keccak256(network encoding ‖ sender). */
export function impersonatedHash(transaction: TypedTransaction, sender: Uint8Array): Uint8Array {
  const encoded = transaction.serialize();
  const network = transaction.type === 0 ? encoded : RLP.encode(encoded);
  const buffer = new Uint8Array(network.length + sender.length);
  buffer.set(network, 0);
  buffer.set(sender, network.length);
  return keccak256(buffer);
}

/** True when r and s are zero (or absent once decoded): no key signed it, so only impersonation can have sent it. */
function hasZeroSignature(transaction: TypedTransaction): boolean {
  return (transaction.r ?? 0n) === 0n && (transaction.s ?? 0n) === 0n;
}

function withSender(transaction: TypedTransaction, sender: Uint8Array): TypedTransaction {
  const address = new Address(Uint8Array.from(sender));
  const hash = impersonatedHash(transaction, sender);
  // The decoded transaction is frozen: a new object whose prototype it is can still answer these.
  return Object.create(transaction, {
    getSenderAddress: { value: () => address },
    hash: { value: () => hash },
    [IMPERSONATED_SENDER]: { value: address },
  }) as TypedTransaction;
}
