import { keccak256 } from '../../primitives/keccak.js';

/** The three bits a value sets in a 2048-bit logs bloom, as [byte index, bit mask] pairs. */
export type BloomBits = readonly (readonly [number, number])[];

/**
 * The bits `value` (an address or a topic) sets in a logs bloom (yellow paper M3:2048): the low
 * 11 bits of each of the first three big-endian 16-bit words of keccak256(value). Bit 0 is the
 * last bit of the last byte.
 */
export function bloomBitsOf(value: Uint8Array): BloomBits {
  const digest = keccak256(value);
  const bits: [number, number][] = [];
  for (let word = 0; word < 6; word += 2) {
    const bit = ((digest[word]! << 8) | digest[word + 1]!) & 2047;
    bits.push([255 - (bit >> 3), 1 << (bit & 7)]);
  }
  return bits;
}

/** True when every bit of `bits` is set in `bloom`: the value may be in the block (false positives happen, false negatives never). */
export function bloomHas(bloom: Uint8Array, bits: BloomBits): boolean {
  for (const [byte, mask] of bits) if ((bloom[byte]! & mask) === 0) return false;
  return true;
}
