import type { StoredBlock } from '../../chain/records.js';
import type { Hex } from '../../primitives/hex.js';

/**
 * A sealed block as eth_getBlockBy* serves it: the header fields of its fork, its uncles' hashes,
 * and its transactions (`Tx`: their hashes, or the transactions themselves when asked for full
 * ones). Records of earlier versions' `totalDifficulty` is left out (sealedBlockView.ts).
 */
export type SealedRpcBlock<Tx = Hex> = Omit<StoredBlock, 'totalDifficulty' | 'transactions'> & { transactions: Tx[] };

/** The pending block (pendingBlockView.ts): the open block so far, with no hash or nonce before its seal. */
export type PendingRpcBlock<Tx = Hex> = Omit<SealedRpcBlock<Tx>, 'hash' | 'nonce'> & { hash: null; nonce: null };

/** A block as eth_getBlockBy* serves it: sealed, or the pending block. */
export type RpcBlock<Tx = Hex> = SealedRpcBlock<Tx> | PendingRpcBlock<Tx>;
