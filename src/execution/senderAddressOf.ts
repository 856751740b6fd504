import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';

/**
 * The sender addresses already known, by transaction object. Why: ethereumjs's `getSenderAddress()`
 * hashes the cached public key again with a JavaScript Keccak and builds a new Address on every call
 * (~12 µs), and the pool already recovered the sender once with the node's own Keccak
 * (txpool/decodeRawTransaction.ts remembers it here). Weak, so a transaction dropped is forgotten.
 */
const known = new WeakMap<TypedTransaction, Address>();

/** Records `transaction`'s sender (20 bytes), recovered from its signature by the caller. */
export function rememberSenderAddress(transaction: TypedTransaction, sender: Uint8Array): void {
  known.set(transaction, new Address(sender));
}

/** `transaction.getSenderAddress()`, without recovering or hashing again when the sender is known. */
export function senderAddressOf(transaction: TypedTransaction): Address {
  return known.get(transaction) ?? transaction.getSenderAddress();
}

/**
 * `transaction` as ethereumjs's runTx should see it: when its sender is known, a frozen object whose
 * prototype it is and whose `getSenderAddress()` answers that address (runTx would hash the public key
 * to it again in JavaScript); every other field, method and cache is the transaction's own, so runTx
 * executes exactly the same. Otherwise the transaction itself.
 */
export function withKnownSender(transaction: TypedTransaction): TypedTransaction {
  const sender = known.get(transaction);
  if (!sender) return transaction;
  return Object.freeze(Object.create(transaction, { getSenderAddress: { value: () => sender } })) as TypedTransaction;
}
