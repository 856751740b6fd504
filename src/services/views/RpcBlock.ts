import type { StoredBlock } from '../../chain/records.js';
import type { Hex } from '../../primitives/hex.js';

/**
 * A block as eth_getBlockBy* serves it: the header fields of its fork, its uncles' hashes, and its
 * transactions (`Tx`: their hashes, or the transactions themselves when asked for full ones). A
 * sealed block is its stored record without the `totalDifficulty` of earlier versions
 * (sealedBlockView.ts); the pending block has the same fields, its hash and roots zero and its
 * nonce the index of its latest sub-block (pendingBlockView.ts).
 */
export type RpcBlock<Tx = Hex> = Omit<StoredBlock, 'totalDifficulty' | 'transactions'> & { transactions: Tx[] };
