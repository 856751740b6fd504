import { keccak256 } from './keccak.js';

/**
 * The EIP-55 mixed-case form of a 20-byte address given as hex (with or without 0x, any case):
 * each letter is upper case when the matching nibble of keccak256(lower-case hex) is ≥ 8.
 * geth prints addresses this way wherever it calls Address.Hex() (txpool_content keys, txpool_inspect).
 */
export function checksumAddress(address: string): `0x${string}` {
  const lower = (address.startsWith('0x') ? address.slice(2) : address).toLowerCase();
  const digest = keccak256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let index = 0; index < lower.length; index++) {
    const nibble = (digest[index >> 1]! >> (index % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower[index]!.toUpperCase() : lower[index]!;
  }
  return out as `0x${string}`;
}
