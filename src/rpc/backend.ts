/**
 * The only view of the node that RPC methods have (geth's ethapi.Backend plays this role), split
 * into narrow services by what they answer. Results are already in wire shape; a method decodes
 * its params, calls one service function, and returns. The services live in src/services/ (the
 * read side and the submission path); node/ wires them into one RpcBackend.
 */
import type { AccountProofResult, StorageKeyRequest } from '../execution/accountProof.js';
import type { CallRequest } from '../execution/CallRequest.js';
import type { AccessListResult } from '../execution/createAccessList.js';
import type { JobOwner } from '../execution/scheduling/JobOwner.js';
import type { TraceCallConfig, TraceConfig } from '../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import type { Hex } from '../primitives/hex.js';
import type { JsonObject } from '../primitives/JsonObject.js';
import type { FeeHistory } from '../services/fees/feeHistory.js';
import type { LogFilter } from '../services/logs/LogFilter.js';
import type { Notify } from '../services/subscriptions/Notify.js';
import type { SubscriptionRequest } from '../services/subscriptions/SubscriptionRequest.js';
import type { TransactionStatus } from '../services/transactions/transactionStatus.js';
import type { TxPoolGroups } from '../services/txpool/TxPoolQueries.js';

export type { FeeHistory, JsonObject, TransactionStatus, TxPoolGroups };

/** Who the node is: web3_clientVersion, eth_chainId. */
export interface NodeInfoService {
  chainId(): bigint;
  clientVersion(): string;
}

/** Blocks, transactions and receipts ("pending" = the open block, never null). */
export interface BlockService {
  /** Number of the last sealed block. */
  blockNumber(): bigint;
  getBlock(block: BlockSelector, fullTransactions: boolean): JsonObject | null;
  getBlockReceipts(block: BlockSelector): JsonObject[] | null;
  /** Sealed, pre-confirmed or pooled transaction; null when unknown. */
  getTransactionByHash(hash: Hex): JsonObject | null;
  getTransactionReceipt(hash: Hex): JsonObject | null;
  /** The tx at `index` of a block ("pending" = the open block), or null. */
  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): JsonObject | null;
  /** A block's tx count, or null for an unknown block. */
  getBlockTransactionCount(block: BlockSelector): bigint | null;
}

/** Fee suggestions and history. */
export interface FeeService {
  /** Suggested legacy gas price: pending base fee + suggested tip. */
  gasPrice(): bigint;
  maxPriorityFeePerGas(): bigint;
  feeHistory(blockCount: number, newest: BlockSelector, rewardPercentiles: number[] | undefined): FeeHistory;
  /** The blob base fee at the head (the chain has no blob txs: the minimum). */
  blobBaseFee(): bigint;
}

/** Account state at a block. */
export interface StateService {
  getBalance(address: Uint8Array, block: BlockSelector): bigint;
  getTransactionCount(address: Uint8Array, block: BlockSelector): bigint;
  getCode(address: Uint8Array, block: BlockSelector): Uint8Array;
  getStorageAt(address: Uint8Array, slot: Uint8Array, block: BlockSelector): Uint8Array;
  /** eth_getProof (EIP-1186). */
  getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult>;
}

/**
 * Calls and estimates on a block's state. `owner` is the client the execution is scheduled for
 * (fair shares between clients, workers kept for the dedicated tier); see jobOwnerOf.
 */
export interface CallService {
  call(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<Uint8Array>;
  estimateGas(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<bigint>;
  createAccessList(request: CallRequest, block: BlockSelector, owner?: JobOwner): Promise<AccessListResult>;
}

/** debug_trace*, scheduled like calls. Results are the tracer's JSON, possibly pre-serialized (a RawJson). */
export interface TraceService {
  /** debug_traceTransaction: the tracer's result for a sealed or pre-confirmed transaction. */
  traceTransaction(hash: Hex, config: TraceConfig, owner?: JobOwner): Promise<unknown>;
  /** debug_traceBlockByNumber / ByHash: `[{ txHash, result }]` for every transaction of the block. */
  traceBlock(block: BlockSelector, config: TraceConfig, owner?: JobOwner): Promise<unknown>;
  /** debug_traceCall: the tracer's result for a call on the block's state. */
  traceCall(request: CallRequest, block: BlockSelector, config: TraceCallConfig, owner?: JobOwner): Promise<unknown>;
}

/** The write path: submission into the pool, node-side signing, and a transaction's life. */
export interface TransactionService {
  /** Validates, admits and journals a signed tx; resolves to its hash once durable. */
  sendRawTransaction(raw: Uint8Array): Promise<Hex>;
  /**
   * Submits like {@link sendRawTransaction} and resolves with the receipt once pre-confirmed;
   * rejects with code 4 (data: the hash) after `timeoutMs` (the node's default when omitted).
   */
  sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<JsonObject>;
  /** Signs with a dev account and submits (eth_sendTransaction). */
  sendTransaction(request: CallRequest): Promise<Hex>;
  /** The dev accounts the node signs for. */
  accounts(): Hex[];
  transactionStatus(hash: Hex): TransactionStatus;
}

/** txpool_*: the pool's contents. */
export interface TxPoolService {
  status(): { pending: Hex; queued: Hex };
  content(): TxPoolGroups<JsonObject>;
  contentFrom(address: Uint8Array): { pending: Record<string, JsonObject>; queued: Record<string, JsonObject> };
  inspect(): TxPoolGroups<string>;
}

/** eth_getLogs and the polling filters. */
export interface LogService {
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
}

/** eth_subscribe's sources. */
export interface SubscriptionService {
  /**
   * Starts delivering `request`'s notifications to `notify` (a replay first, when asked for)
   * and returns the function that stops them. Throws, before delivering anything, when the
   * request cannot be served (e.g. a resume point too far back).
   */
  subscribe(request: SubscriptionRequest, notify: Notify): () => void;
}

/** The node as RPC methods see it. */
export interface RpcBackend {
  readonly node: NodeInfoService;
  readonly blocks: BlockService;
  readonly fees: FeeService;
  readonly state: StateService;
  readonly calls: CallService;
  readonly traces: TraceService;
  readonly transactions: TransactionService;
  readonly txpool: TxPoolService;
  readonly logs: LogService;
  readonly subscriptions: SubscriptionService;
}
