import type { Hex } from '../primitives/hex.js';

/**
 * What the chain stores, shaped like the JSON-RPC objects it serves (hex strings throughout), so
 * reads need no re-encoding. Fields that depend on sealing (the block hash) are added on read.
 */

/** A log as stored: RPC shape minus blockHash. */
export interface StoredLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  logIndex: Hex;
  transactionIndex: Hex;
  transactionHash: Hex;
  blockNumber: Hex;
}

/** A receipt as stored: RPC shape minus blockHash. */
export interface StoredReceipt {
  transactionHash: Hex;
  transactionIndex: Hex;
  blockNumber: Hex;
  from: Hex;
  to: Hex | null;
  cumulativeGasUsed: Hex;
  gasUsed: Hex;
  contractAddress: Hex | null;
  logs: StoredLog[];
  logsBloom: Hex;
  /** 0x1 success, 0x0 failure: from Byzantium (EIP-658). */
  status?: Hex;
  /** The state root after the transaction, in place of `status` before Byzantium. */
  root?: Hex;
  effectiveGasPrice: Hex;
  type: Hex;
  /** Blob transactions: the blob gas used and its price in the block. */
  blobGasUsed?: Hex;
  blobGasPrice?: Hex;
}

/** An EIP-7702 authorization as served: numbers as quantities. */
export interface StoredAuthorization {
  chainId: Hex;
  address: Hex;
  nonce: Hex;
  yParity: Hex;
  r: Hex;
  s: Hex;
}

/**
 * A transaction's RPC fields as stored, in geth's shape (sequencer/transactionRecord.ts builds
 * them): those of every type, then the ones its type adds.
 */
export interface StoredTransactionFields {
  type: Hex;
  nonce: Hex;
  gas: Hex;
  /** The effective price once executed. */
  gasPrice: Hex;
  to: Hex | null;
  value: Hex;
  input: Hex;
  hash: Hex;
  from: Hex;
  /** Typed transactions, and legacy ones signed under EIP-155. */
  chainId?: Hex;
  /** From type 2 (EIP-1559). */
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  /** From type 1 (EIP-2930). */
  accessList?: Array<{ address: Hex; storageKeys: Hex[] }>;
  /** Type 3 (EIP-4844), in imported blocks only. */
  maxFeePerBlobGas?: Hex;
  blobVersionedHashes?: Hex[];
  /** Type 4 (EIP-7702). */
  authorizationList?: StoredAuthorization[];
  v: Hex;
  r: Hex;
  s: Hex;
  /** Typed transactions. */
  yParity?: Hex;
}

/** A transaction as stored: the RPC transaction object minus block fields, plus its raw bytes. */
export interface StoredTransaction {
  fields: StoredTransactionFields;
  raw: Hex;
  blockNumber: number;
  transactionIndex: number;
  /** Index of the pre-confirmation sub-block within its block. */
  subBlockIndex: number;
  receipt: StoredReceipt;
}

/** Where a stored transaction's record is: `[blockNumber, transactionIndex]` (see recordKeys.transaction). */
export type StoredTransactionPosition = [blockNumber: number, transactionIndex: number];

/** A withdrawal (EIP-4895) as served in a block. */
export interface StoredWithdrawal {
  index: Hex;
  validatorIndex: Hex;
  address: Hex;
  /** In gwei. */
  amount: Hex;
}

/**
 * A sealed block as served by eth_getBlockBy*, with the hashes of its transactions and uncles: exactly the
 * header fields of the block's fork (the optional ones are absent before the fork that adds them).
 */
export interface StoredBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  nonce: Hex;
  sha3Uncles: Hex;
  logsBloom: Hex;
  transactionsRoot: Hex;
  stateRoot: Hex;
  receiptsRoot: Hex;
  miner: Hex;
  difficulty: Hex;
  /** No longer written (geth dropped it after the merge); kept optional so records of earlier versions still read. */
  totalDifficulty?: Hex;
  extraData: Hex;
  size: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  timestamp: Hex;
  mixHash: Hex;
  /** From London (EIP-1559). */
  baseFeePerGas?: Hex;
  /** From Shanghai (EIP-4895). */
  withdrawalsRoot?: Hex;
  withdrawals?: StoredWithdrawal[];
  /** From Cancun (EIP-4844, EIP-4788). */
  blobGasUsed?: Hex;
  excessBlobGas?: Hex;
  parentBeaconBlockRoot?: Hex;
  /** From Prague (EIP-7685). */
  requestsHash?: Hex;
  /** Hashes of the block's uncles (proof-of-work blocks only). */
  uncles: Hex[];
  transactions: Hex[];
}

/** A pre-confirmation sub-block of the open block, durable before it is announced. */
export interface StoredSubBlock {
  blockNumber: number;
  index: number;
  /** Timestamp (seconds) shared by every sub-block of the block. */
  timestamp: number;
  baseFeePerGas: Hex;
  /** The block's gas limit and coinbase (absent in records written before they could change at run time). */
  gasLimit?: Hex;
  miner?: Hex;
  transactionHashes: Hex[];
  /** Gas used by the whole block up to and including this sub-block. */
  cumulativeGasUsed: Hex;
  /** Addresses and storage slots this sub-block wrote, so a restart can rebuild the seal's change set. */
  touchedAccounts: string[];
  touchedSlots: Array<[string, string]>;
  touchedCode: string[];
  /**
   * What the state edits of this sub-block did (dev methods such as anvil_setBalance), in order;
   * absent when it holds transactions only. Their writes are in the touched lists like any other.
   */
  stateEdits?: string[];
}

/**
 * The writes of one state edit (a dev method such as anvil_setBalance), kept with its block for
 * good (sub-block records go at the seal): a replay of the block (debug_trace*) applies it between
 * the same transactions as the sequencer did. Keys are unprefixed hex; an account is its RLP, or
 * null when deleted; storage values are minimal bytes ("0x" for zero).
 */
export interface StoredStateEdit {
  blockNumber: number;
  subBlockIndex: number;
  /** How many of the block's transactions were pre-confirmed before it. */
  afterTransactions: number;
  accounts: Array<[string, Hex | null]>;
  storage: Array<[string, string, Hex]>;
  code: Array<[string, Hex]>;
}

/** The chain head pointer. */
export interface StoredHead {
  number: number;
  hash: Hex;
}
