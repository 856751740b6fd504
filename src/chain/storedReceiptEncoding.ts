import type { StoredReceipt } from './records.js';
import { storedReceiptRlp } from './storedRecordRlp.js';

/**
 * The EIP-2718 receipt encoding of a stored receipt (for the receipts root, and its proofs): the one
 * encoding of stored receipts (storedRecordRlp.ts), an OP Stack deposit's nonce and receipt version included.
 */
export function encodeStoredReceipt(receipt: StoredReceipt): Uint8Array {
  return storedReceiptRlp(receipt);
}
