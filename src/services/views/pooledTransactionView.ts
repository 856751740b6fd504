import type { Hex } from '../../primitives/hex.js';
import { transactionFields } from '../../sequencer/transactionRecord.js';
import type { PoolTransaction } from '../../txpool/PoolTransaction.js';
import type { RpcTransaction } from './storedTransactionView.js';

/**
 * A pooled (not yet pre-confirmed) transaction as geth serves one: block fields null (all four the
 * execution-apis schema requires, `blockTimestamp` too), and `gasPrice` the fee cap, since the
 * price it will pay is not known before inclusion.
 */
export function pooledTransactionView(pooled: PoolTransaction): RpcTransaction {
  return {
    ...transactionFields(pooled.transaction, pooled.hash, `0x${pooled.sender}` as Hex, pooled.feeCap),
    blockHash: null,
    blockNumber: null,
    blockTimestamp: null,
    transactionIndex: null,
  };
}
