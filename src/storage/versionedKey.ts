/**
 * Versioned keys are `key ‖ version` with the version as 8 big-endian bytes, so LMDB's byte
 * order sorts all versions of one key together, oldest first.
 */
export function versionedKey(key: Uint8Array, version: number): Buffer {
  const out = Buffer.allocUnsafe(key.length + 8);
  out.set(key, 0);
  out.writeBigUInt64BE(BigInt(version), key.length);
  return out;
}

/** The version a versioned key was written by (its last 8 bytes). */
export function versionOf(versioned: Uint8Array): number {
  return Number(Buffer.from(versioned.buffer, versioned.byteOffset, versioned.byteLength).readBigUInt64BE(versioned.length - 8));
}
