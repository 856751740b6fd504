/**
 * The length of `data` once compressed with FastLZ (level 1), without producing the output: the Fjord
 * L1 cost function's estimate of a transaction's size on L1. Written after the algorithm's description
 * in the OP Stack's Fjord specs and FastLZ itself (meant to give op-geth's `FlzCompressLen` and solady's
 * `flzCompress`; fastLz.test.ts checks it against the GasPriceOracle predeploy, which runs solady's on chain):
 *
 *   scan with a 13-bit hash of each 3-byte sequence; a sequence seen within 8,191 bytes is a match
 *   (2 bytes, or 3 for lengths of 9 and more per 262), everything between matches is literals
 *   (1 byte per 32 plus the bytes themselves).
 */
export function fastLzCompressedLength(data: Uint8Array): number {
  const table = new Uint32Array(8192);
  const length = data.length;
  let size = 0;
  const read24 = (at: number) => data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16);
  const hashOf = (value: number) => (Math.imul(2654435769, value) >>> 19) & 0x1fff;
  const literals = (count: number) => {
    size += 0x21 * Math.floor(count / 0x20);
    const rest = count % 0x20;
    if (rest !== 0) size += rest + 1;
  };
  const match = (matched: number) => {
    const length = matched - 1;
    size += 3 * Math.floor(length / 262);
    size += length % 262 >= 6 ? 3 : 2;
  };
  /**
   * How far the bytes from `p` and from `q` agree, up to `end` (measured from q), counted as the reference
   * implementations count it: a mismatch at offset n gives n + 1 (their loop steps once more).
   */
  const common = (p: number, q: number, end: number) => {
    let count = 0;
    let limit = end - q;
    for (; count < limit; count++) if (data[p + count] !== data[q + count]) limit = 0;
    return count;
  };
  let anchor = 0;
  const limit = length < 13 ? 0 : length - 13;
  let position = anchor + 2;
  while (position < limit) {
    let reference = 0;
    let distance = 0;
    for (;;) {
      const sequence = read24(position);
      const hash = hashOf(sequence);
      reference = table[hash]!;
      table[hash] = position;
      distance = position - reference;
      if (position >= limit) break;
      position++;
      if (distance <= 0x1fff && sequence === read24(reference)) break;
    }
    if (position >= limit) break;
    position--;
    if (position > anchor) literals(position - anchor);
    const matched = common(reference + 3, position + 3, limit + 9);
    match(matched);
    position += matched;
    table[hashOf(read24(position))] = position;
    position++;
    table[hashOf(read24(position))] = position;
    position++;
    anchor = position;
  }
  literals(length - anchor);
  return size;
}
