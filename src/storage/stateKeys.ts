/**
 * Key schema of the flat world state in the versioned key space, and of code in the blob space.
 * Addresses, slots and hashes arrive as unprefixed hex (see execution/StateReader.ts).
 */
const ACCOUNT = 0x61; // 'a'
const STORAGE = 0x73; // 's'
const CODE = 0x63; // 'c'

/** 'a' ‖ address(20) */
export function accountKey(address: string): Uint8Array {
  const out = Buffer.allocUnsafe(21);
  out[0] = ACCOUNT;
  out.write(address, 1, 'hex');
  return out;
}

/** 's' ‖ address(20) ‖ slot(32) */
export function storageKey(address: string, slot: string): Uint8Array {
  const out = Buffer.allocUnsafe(53);
  out[0] = STORAGE;
  out.write(address, 1, 'hex');
  out.write(slot, 21, 'hex');
  return out;
}

/** 'c' ‖ codeHash(32) */
export function codeKey(codeHash: string): Uint8Array {
  const out = Buffer.allocUnsafe(33);
  out[0] = CODE;
  out.write(codeHash, 1, 'hex');
  return out;
}
