import { fromRlp, type Hex, toHex } from 'viem';
import { check } from './errors.js';

/** A receipt as its consensus encoding (EIP-2718) says it. */
export interface DecodedReceipt {
  type: number;
  /** From Byzantium; before it, `root` (the state root after the transaction). */
  status?: Hex;
  root?: Hex;
  cumulativeGasUsed: bigint;
  logsBloom: Hex;
  logs: Array<{ address: Hex; topics: Hex[]; data: Hex }>;
  /** The list's items after the logs (a chain's own receipt fields, read by its codec). */
  rest: Array<Uint8Array | unknown[]>;
}

/** Decodes a receipt's consensus encoding: `[status or root, cumulative gas, bloom, logs, …]`, after a type byte for typed receipts. */
export function decodeReceipt(encoded: Uint8Array, field: string): DecodedReceipt {
  const typed = encoded.length > 0 && encoded[0]! < 0x7f;
  const type = typed ? encoded[0]! : 0;
  let items: unknown;
  try {
    items = fromRlp(typed ? encoded.subarray(1) : encoded, 'bytes');
  } catch {
    check(false, 'proof', 'the proven receipt is not RLP', field);
  }
  check(Array.isArray(items) && items.length >= 4, 'proof', 'the proven receipt is not a receipt', field);
  const [outcome, gas, bloom, logs, ...rest] = items as [Uint8Array, Uint8Array, Uint8Array, Array<[Uint8Array, Uint8Array[], Uint8Array]>, ...Uint8Array[]];
  const bytes = (value: unknown) => value instanceof Uint8Array;
  check(bytes(outcome) && bytes(gas) && bytes(bloom) && bloom.length === 256 && Array.isArray(logs), 'proof', 'the proven receipt is malformed', field);
  const receipt: DecodedReceipt = {
    type,
    cumulativeGasUsed: gas.length === 0 ? 0n : BigInt(toHex(gas)),
    logsBloom: toHex(bloom),
    logs: logs.map((log) => {
      check(Array.isArray(log) && log.length === 3 && bytes(log[0]) && Array.isArray(log[1]) && bytes(log[2]), 'proof', 'a proven log is malformed', field);
      return { address: toHex(log[0]), topics: log[1].map((topic) => toHex(topic)), data: toHex(log[2]) };
    }),
    rest,
  };
  if (outcome.length === 32) receipt.root = toHex(outcome);
  else receipt.status = outcome.length === 0 ? '0x0' : '0x1';
  return receipt;
}
