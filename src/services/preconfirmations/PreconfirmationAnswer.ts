import type { RpcReceipt } from '../../chain/receiptView.js';
import type { SubBlockCommitment } from '../../chain/subBlockCommitment.js';
import type { Hex } from '../../primitives/hex.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';

/**
 * What sequin_getPreconfirmation answers (and sequin_sendRawTransactionSync, and newPreconfBlockTransactions
 * with `proof`): a transaction and its receipt as eth_getTransactionByHash and eth_getTransactionReceipt
 * serve them, the signed commitment they are proven against, and the proofs. Plain JSON: it travels through
 * any RPC or proxy, and `sequin/verify` checks every value in it.
 */
export interface PreconfirmationAnswer {
  transaction: RpcTransaction;
  receipt: RpcReceipt;
  /** The commitment (the transaction's sub-block's, or the block's last once sealed) and the chain id of its EIP-712 domain. */
  commitment: SubBlockCommitment & { chainId: Hex };
  /** The sequencer's signature of the commitment (65 bytes: r, s, v). */
  signature: Hex;
  proof: PreconfirmationProof;
}

/** The proofs of a {@link PreconfirmationAnswer}. */
export interface PreconfirmationProof {
  /**
   * The block's commitments before `commitment`, oldest first, back to the one before the transaction's
   * sub-block (none when the transaction is in the commitment's own sub-block, at index 0): each names the
   * hash of the one before as `previous`, the last is named by `commitment`.
   */
  commitments: SubBlockCommitment[];
  /** The first log index of each transaction of the transaction's sub-block (the preimage of its commitment's `firstLogIndexesHash`). */
  firstLogIndexes: Hex[];
  /** The trie nodes from the transactions root to the transaction (key rlp(transactionIndex)), root first. */
  transaction: Hex[];
  /** The trie nodes from the receipts root to its receipt. */
  receipt: Hex[];
  /** The nodes to the receipt before it (its cumulative gas gives this one's gas used); absent at index 0. */
  previousReceipt?: Hex[];
  /** The sealed block's header (RLP), once sealed: its hash is the receipt's block hash, its roots the commitment's. */
  header?: Hex;
}
