import { RLP } from '@ethereumjs/rlp';

/**
 * A block's RLP encoding, rlp([header, transactions, uncles (, withdrawals)]), assembled from encodings
 * already at hand without decoding them: the header's and the uncles' RLP, and the raw (EIP-2718)
 * transactions, where a legacy one is an RLP list already and a typed one goes in as a byte string.
 * `withdrawals` is the list of each withdrawal's items, present from Shanghai on.
 */
export function encodeBlock(
  headerRlp: Uint8Array,
  rawTransactions: readonly Uint8Array[],
  uncleHeaderRlps: readonly Uint8Array[],
  withdrawals: readonly Uint8Array[][] | undefined,
): Uint8Array {
  const transactions = rawTransactions.map((raw) => (raw[0]! >= 0xc0 ? raw : RLP.encode(raw)));
  const parts = [headerRlp, encodeList(transactions), encodeList([...uncleHeaderRlps])];
  if (withdrawals !== undefined) parts.push(RLP.encode(withdrawals as Uint8Array[][]));
  return encodeList(parts);
}

/** rlp(list) of items that are RLP encodings already. */
function encodeList(items: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const item of items) length += item.length;
  const prefix = listPrefix(length);
  const out = new Uint8Array(prefix.length + length);
  out.set(prefix, 0);
  let offset = prefix.length;
  for (const item of items) {
    out.set(item, offset);
    offset += item.length;
  }
  return out;
}

function listPrefix(length: number): Uint8Array {
  if (length < 56) return Uint8Array.of(0xc0 + length);
  const bytes: number[] = [];
  for (let value = length; value > 0; value = Math.floor(value / 256)) bytes.unshift(value % 256);
  return Uint8Array.of(0xf7 + bytes.length, ...bytes);
}
