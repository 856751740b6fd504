import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of the keys `sequin keys create` makes, so a leaked one is easy to recognise (and grep for). */
export const API_KEY_PREFIX = 'sq_';

/** A fresh API key: the prefix and 32 random bytes in base64url (256 bits, unguessable). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The SHA-256 of a key: the only form in which keys are stored or held in memory. A fast hash
 * is enough here, unlike for passwords: the keys are 256-bit random, so there is nothing to
 * brute-force from a leaked hash.
 */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Compares two key hashes in constant time (crypto.timingSafeEqual), false for different lengths. */
export function sameKeyHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
