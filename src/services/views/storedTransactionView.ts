import type { StoredTransaction } from '../../chain/records.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';

/**
 * A stored (pre-confirmed or sealed) transaction as eth_getTransactionByHash serves it: its RPC
 * fields plus the block fields. `blockHash` is given by the caller: the sealed block's hash, the
 * zero hash while pre-confirmed, or null in subscription payloads.
 */
export function storedTransactionView(stored: StoredTransaction, blockHash: Hex | null): Record<string, unknown> {
  return {
    ...stored.fields,
    blockHash,
    blockNumber: toQuantity(stored.blockNumber),
    transactionIndex: toQuantity(stored.transactionIndex),
  };
}
