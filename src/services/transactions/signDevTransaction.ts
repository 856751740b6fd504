import { TransactionType, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToBigint } from '../../primitives/hex.js';
import { signHash } from '../../primitives/secp256k1.js';

/**
 * Signs a transaction {@link buildDevTransaction} built for a dev account's key (`publicKey` is that key's
 * public key: executing the transaction then recovers nothing). The same transaction as ethereumjs's
 * `sign(privateKey)`, made once: ethereumjs signs the fields' hash and builds a second transaction with
 * the signature (copying the chain's Common again, validating every field again), ~6% of an instant-mined
 * send's main thread with the first. An EIP-1559 transaction built unfrozen (`freeze: false`) gets the
 * signature (the same native, deterministic RFC 6979 signature ethereumjs's `sign` takes through the
 * Common's `customCrypto.ecsign`) on itself and is frozen as ethereumjs freezes the one it builds, so the
 * hash and the other caches work as they do there. Any other transaction is signed by ethereumjs.
 */
export function signDevTransaction(unsigned: TypedTransaction, privateKey: Uint8Array, publicKey: Uint8Array): TypedTransaction {
  let signed: TypedTransaction;
  if (unsigned.type === TransactionType.FeeMarketEIP1559 && !Object.isFrozen(unsigned) && !unsigned.isSigned()) {
    const { r, s, yParity } = signHash(unsigned.getHashedMessageToSign(), privateKey);
    // The signature's fields, which the constructor would set from the same values.
    const fields = unsigned as unknown as { v: bigint; r: bigint; s: bigint };
    fields.v = BigInt(yParity);
    fields.r = bytesToBigint(r);
    fields.s = bytesToBigint(s);
    Object.freeze(unsigned);
    signed = unsigned;
  } else {
    signed = unsigned.sign(privateKey);
    if (!Object.isFrozen(signed)) Object.freeze(signed);
  }
  signed.cache.senderPubKey = publicKey;
  return signed;
}
