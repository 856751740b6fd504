import { AccessList2930Tx, Blob4844Tx, EOACode7702Tx, FeeMarket1559Tx, LegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';

/**
 * The sender addresses already known, by transaction object. Why: ethereumjs's `getSenderAddress()`
 * hashes the cached public key again with a JavaScript Keccak and builds a new Address on every call
 * (~10 µs), and the pool already recovered the sender once with the node's own Keccak
 * (txpool/decodeRawTransaction.ts remembers it here; eth_sendTransaction's signer knows it). Weak, so a
 * transaction dropped is forgotten.
 */
const known = new WeakMap<TypedTransaction, Address>();

/**
 * ethereumjs's runTx takes the sender from the transaction (`getSenderAddress()`) and has no other way to
 * be given it: each transaction class answers a remembered sender first, else recovers it as before. On
 * the classes rather than on each transaction (a transaction is frozen, and an object made per run with
 * the transaction as its prototype changes the transaction's hidden class, which costs V8 more than the
 * hash saves). The address answered is the one recovery gives (the pool recovered it from the signature).
 */
for (const type of [LegacyTx, AccessList2930Tx, FeeMarket1559Tx, Blob4844Tx, EOACode7702Tx]) {
  const recovered = type.prototype.getSenderAddress;
  type.prototype.getSenderAddress = function getSenderAddress(this: TypedTransaction): Address {
    return known.get(this) ?? recovered.call(this as never);
  };
}

/** Records `transaction`'s sender (20 bytes), recovered from its signature by the caller. */
export function rememberSenderAddress(transaction: TypedTransaction, sender: Uint8Array): void {
  known.set(transaction, new Address(sender));
}

/** `transaction.getSenderAddress()`, without recovering or hashing again when the sender is known. */
export function senderAddressOf(transaction: TypedTransaction): Address {
  return transaction.getSenderAddress();
}
