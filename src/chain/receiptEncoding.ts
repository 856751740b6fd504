import { RLP } from '@ethereumjs/rlp';
import { bigintToBytes } from '../primitives/hex.js';

/** The consensus fields of a receipt, as hashed into the receipts root. */
export interface ConsensusReceipt {
  type: number;
  success: boolean;
  /** The state root after the transaction, which receipts carry instead of a status before Byzantium (EIP-658). */
  stateRoot?: Uint8Array;
  cumulativeGasUsed: bigint;
  bloom: Uint8Array;
  logs: Array<{ address: Uint8Array; topics: Uint8Array[]; data: Uint8Array }>;
  /** OP Stack deposits (type 0x7E): the sender's nonce before it (from Regolith). */
  depositNonce?: bigint;
  /** OP Stack deposits: 1 from Canyon. */
  depositReceiptVersion?: bigint;
}

/**
 * EIP-2718 receipt encoding: rlp([status, cumulativeGasUsed, bloom, logs]) (the post-transaction state root
 * in place of the status before Byzantium), prefixed by the type byte for typed txs. An OP Stack deposit's
 * receipt (type 0x7E) appends its deposit nonce and, from Canyon, its receipt version (op-geth's
 * depositReceiptRLP; the specs' protocol/deposits.md#deposit-receipt): the one place this is encoded.
 */
export function encodeReceipt(receipt: ConsensusReceipt): Uint8Array {
  const fields: unknown[] = [
    receipt.stateRoot ?? (receipt.success ? Uint8Array.of(1) : new Uint8Array(0)),
    bigintToBytes(receipt.cumulativeGasUsed),
    receipt.bloom,
    receipt.logs.map((log) => [log.address, log.topics, log.data]),
  ];
  if (receipt.depositNonce !== undefined) {
    fields.push(bigintToBytes(receipt.depositNonce));
    if (receipt.depositReceiptVersion !== undefined) fields.push(bigintToBytes(receipt.depositReceiptVersion));
  }
  const body = RLP.encode(fields as Parameters<typeof RLP.encode>[0]);
  if (receipt.type === 0) return body;
  const out = new Uint8Array(body.length + 1);
  out[0] = receipt.type;
  out.set(body, 1);
  return out;
}

/** ORs 256-byte blooms together (a block's bloom is the OR of its receipts'). */
export function orBloom(into: Uint8Array, bloom: Uint8Array): void {
  for (let i = 0; i < 256; i++) into[i]! |= bloom[i]!;
}
