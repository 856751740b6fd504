import type { StoredTransaction, StoredTransactionFields } from '../../chain/records.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { authorizationsAsQuantities } from '../../sequencer/transactionRecord.js';
import { blockTimestampOf } from './blockTimestampOf.js';

/**
 * A transaction as eth_getTransactionByHash serves it: its fields and where it is. While pooled
 * (pooledTransactionView.ts) the block fields are null and there is no `blockTimestamp`.
 */
export type RpcTransaction = StoredTransactionFields & {
  blockHash: Hex | null;
  blockNumber: Hex | null;
  // Null while the transaction waits in the pool (as its other block fields; the schema requires the field).
  blockTimestamp: Hex | null;
  transactionIndex: Hex | null;
};

/**
 * A stored (pre-confirmed or sealed) transaction as eth_getTransactionByHash serves it: its RPC
 * fields plus the block fields. `blockHash` is given by the caller: the sealed block's hash, the
 * zero hash while pre-confirmed, or null in subscription payloads. `blockTimestamp` is its
 * block's timestamp, known while pre-confirmed too (every sub-block of a block shares it).
 */
export function storedTransactionView(stored: StoredTransaction, blockHash: Hex | null, blockTimestamp: Hex): RpcTransaction {
  const view: RpcTransaction = {
    ...stored.fields,
    blockHash,
    blockNumber: toQuantity(stored.blockNumber),
    blockTimestamp,
    transactionIndex: toQuantity(stored.transactionIndex),
  };
  // Records written before authorizations were stored as quantities print raw bytes ("0x", "0x05").
  if (stored.fields.authorizationList !== undefined) view.authorizationList = authorizationsAsQuantities(stored.fields.authorizationList);
  return view;
}

/** A stored transaction as eth_getTransactionByHash serves it, with its block hash as of `view`. */
export function transactionView(view: ChainView, stored: StoredTransaction): RpcTransaction {
  return storedTransactionView(stored, view.blockHashOf(stored), blockTimestampOf(view, stored));
}
