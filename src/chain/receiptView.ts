import type { Hex } from '../primitives/hex.js';
import type { StoredReceipt } from './records.js';

/** The block hash that pre-confirmed (not yet sealed) receipts and transactions carry. */
export const UNSEALED_BLOCK_HASH: Hex = `0x${'00'.repeat(32)}`;

/** A receipt as served: its block hash filled in (zero hash while pre-confirmed). */
export type ReceiptView = StoredReceipt & { blockHash: Hex };

/** A stored receipt with its block hash (and its logs' block hashes) filled in. */
export function withBlockHash(receipt: StoredReceipt, blockHash: Hex): ReceiptView {
  return { ...receipt, blockHash, logs: receipt.logs.map((log) => ({ ...log, blockHash, removed: false })) };
}
