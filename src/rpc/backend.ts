import type { AccountProofResult, StorageKeyRequest } from '../execution/accountProof.js';
import type { CallRequest } from '../execution/CallRequest.js';
import type { AccessListResult } from '../execution/createAccessList.js';
import type { TraceCallConfig, TraceConfig } from '../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import type { Hex } from '../primitives/hex.js';
import type { LogFilter } from './schemas/logFilter.js';
import type { Notify } from './server/SubscriptionSession.js';
import type { SubscriptionRequest } from './subscriptions/SubscriptionRequest.js';

/** A JSON object as served (hex strings, arrays, nulls). */
export type JsonObject = object;

/** eth_feeHistory's result. */
export interface FeeHistory {
  oldestBlock: Hex;
  baseFeePerGas: Hex[];
  gasUsedRatio: number[];
  reward?: Hex[][];
}

/** chain_transactionStatus's result (capitalised as the reference service answers). */
export type TransactionStatus = { status: 'Known'; stage: 'pool' | 'preconfirmed' | 'sealed' } | { status: 'Unknown' };

/** txpool_content / txpool_inspect: sender (EIP-55) → nonce (decimal) → entry, split pending / queued. */
export interface TxPoolGroups<Entry> {
  pending: Record<string, Record<string, Entry>>;
  queued: Record<string, Record<string, Entry>>;
}

/**
 * The only view of the node that RPC methods have (geth's ethapi.Backend plays this role).
 * Results are already in wire shape; methods decode params, call one of these, and return.
 * Implemented by node/NodeBackend.ts.
 */
export interface RpcBackend {
  chainId(): bigint;
  clientVersion(): string;
  /** Number of the last sealed block. */
  blockNumber(): bigint;
  getBalance(address: Uint8Array, block: BlockSelector): bigint;
  getTransactionCount(address: Uint8Array, block: BlockSelector): bigint;
  getCode(address: Uint8Array, block: BlockSelector): Uint8Array;
  getStorageAt(address: Uint8Array, slot: Uint8Array, block: BlockSelector): Uint8Array;
  /** Suggested legacy gas price: pending base fee + suggested tip. */
  gasPrice(): bigint;
  maxPriorityFeePerGas(): bigint;
  feeHistory(blockCount: number, newest: BlockSelector, rewardPercentiles: number[] | undefined): FeeHistory;
  /** Validates, admits and journals a signed tx; resolves to its hash once durable. */
  sendRawTransaction(raw: Uint8Array): Promise<Hex>;
  /**
   * Submits like {@link sendRawTransaction} and resolves with the receipt once pre-confirmed;
   * rejects with code 4 (data: the hash) after `timeoutMs` (the node's default when omitted).
   */
  sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<JsonObject>;
  /** Signs with a dev account and submits (eth_sendTransaction). */
  sendTransaction(request: CallRequest): Promise<Hex>;
  accounts(): Hex[];
  /** Sealed, pre-confirmed or pooled transaction; null when unknown. */
  getTransactionByHash(hash: Hex): JsonObject | null;
  getTransactionReceipt(hash: Hex): JsonObject | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): JsonObject | null;
  getBlockReceipts(block: BlockSelector): JsonObject[] | null;
  call(request: CallRequest, block: BlockSelector): Promise<Uint8Array>;
  estimateGas(request: CallRequest, block: BlockSelector): Promise<bigint>;
  /**
   * Starts delivering `request`'s notifications to `notify` (a replay first, when asked for)
   * and returns the function that stops them. Throws, before delivering anything, when the
   * request cannot be served (e.g. a resume point too far back).
   */
  subscribe(request: SubscriptionRequest, notify: Notify): () => void;
  /** debug_traceTransaction: the tracer's result for a sealed or pre-confirmed transaction. */
  traceTransaction(hash: Hex, config: TraceConfig): Promise<unknown>;
  /** debug_traceBlockByNumber / ByHash: `[{ txHash, result }]` for every transaction of the block. */
  traceBlock(block: BlockSelector, config: TraceConfig): Promise<Array<{ txHash: Hex; result: unknown }>>;
  /** debug_traceCall: the tracer's result for a call on the block's state. */
  traceCall(request: CallRequest, block: BlockSelector, config: TraceCallConfig): Promise<unknown>;
  createAccessList(request: CallRequest, block: BlockSelector): Promise<AccessListResult>;
  /** eth_getProof (EIP-1186). */
  getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult>;

  // Logs and filters (node/logs, node/filters).
  /** eth_getLogs: matching logs in (block, log index) order; a range reaching "pending" includes pre-confirmed logs. */
  getLogs(filter: LogFilter): JsonObject[];
  /** Filter installers take the caller's client id (RequestContext.clientId), for the per-client filter quota. */
  newFilter(filter: LogFilter, clientId?: string): Hex;
  newBlockFilter(clientId?: string): Hex;
  newPendingTransactionFilter(fullTransactions: boolean, clientId?: string): Hex;
  /** What a filter saw since its last poll; -32000 "filter not found" for an unknown or expired id. */
  getFilterChanges(id: string): unknown[];
  getFilterLogs(id: string): JsonObject[];
  uninstallFilter(id: string): boolean;

  // Blocks by position.
  /** The tx at `index` of a block ("pending" = the open block), or null. */
  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): JsonObject | null;
  /** A block's tx count, or null for an unknown block. */
  getBlockTransactionCount(block: BlockSelector): bigint | null;
  /** The blob base fee at the head (the chain has no blob txs: the minimum). */
  blobBaseFee(): bigint;

  // Transaction pool and lifecycle.
  txpoolStatus(): { pending: Hex; queued: Hex };
  txpoolContent(): TxPoolGroups<JsonObject>;
  txpoolContentFrom(address: Uint8Array): { pending: Record<string, JsonObject>; queued: Record<string, JsonObject> };
  txpoolInspect(): TxPoolGroups<string>;
  transactionStatus(hash: Hex): TransactionStatus;
}
