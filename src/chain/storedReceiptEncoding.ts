import { hexToBytes } from '../primitives/hex.js';
import { encodeReceipt } from './receiptEncoding.js';
import type { StoredReceipt } from './records.js';

/** The EIP-2718 receipt encoding of a stored receipt (for the receipts root, and its proofs). */
export function encodeStoredReceipt(receipt: StoredReceipt): Uint8Array {
  return encodeReceipt({
    type: Number(receipt.type),
    success: receipt.status === '0x1',
    ...(receipt.root === undefined ? {} : { stateRoot: hexToBytes(receipt.root) }),
    cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
    bloom: hexToBytes(receipt.logsBloom),
    logs: receipt.logs.map((log) => ({ address: hexToBytes(log.address), topics: log.topics.map(hexToBytes), data: hexToBytes(log.data) })),
  });
}
