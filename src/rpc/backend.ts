/**
 * The only view of the node that RPC methods have (geth's ethapi.Backend plays this role), split
 * into narrow services by what they answer. Results are already in wire shape; a method decodes
 * its params, calls one service function, and returns. The services live in src/services/ (the
 * read side and the submission path); node/ wires them into one RpcBackend.
 */

import type { RpcLog, RpcReceipt } from '../chain/receiptView.js';
import type { StoredBlock } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { AccountProofResult, StorageKeyRequest } from '../execution/accountProof.js';
import type { BuildBlockRequest } from '../execution/block/BuildBlockRequest.js';
import type { CallRequest } from '../execution/CallRequest.js';
import type { AccessListResult } from '../execution/createAccessList.js';
import type { Overrides } from '../execution/overrides/Overrides.js';
import type { StateOverride } from '../execution/overrides/StateOverride.js';
import type { JobOwner } from '../execution/scheduling/JobOwner.js';
import type { SimulationRequest } from '../execution/simulation/SimulationRequest.js';
import type { TraceCallConfig, TraceConfig } from '../execution/tracing/TraceConfig.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import type { Hex } from '../primitives/hex.js';
import type { RpcPayloadEnvelope } from '../services/blocks/TestBlockBuilder.js';
import type { ChainRules, RpcChainConfig } from '../services/ChainConfigQueries.js';
import type { AnvilMetadata, AnvilNodeInfo, RpcAccount, RpcAccountInfo } from '../services/dev/DevNodeInfo.js';
import type { FeeHistory } from '../services/fees/feeHistory.js';
import type { FilterChanges } from '../services/filters/FilterManager.js';
import type { ForkTarget } from '../services/fork/ForkControl.js';
import type { LogFilter } from '../services/logs/LogFilter.js';
import type { PreconfirmationAnswer } from '../services/preconfirmations/PreconfirmationAnswer.js';
import type { SimulatedRpcBlock } from '../services/simulate/simulatedBlockView.js';
import type { Notify } from '../services/subscriptions/Notify.js';
import type { SubscriptionRequest } from '../services/subscriptions/SubscriptionRequest.js';
import type { TransactionStatus } from '../services/transactions/transactionStatus.js';
import type { TxPoolContentFrom, TxPoolGroups } from '../services/txpool/TxPoolQueries.js';
import type { RpcBlock } from '../services/views/RpcBlock.js';
import type { RpcTransaction } from '../services/views/storedTransactionView.js';

export type { FeeHistory, TransactionStatus, TxPoolGroups };

/** Who the node is: web3_clientVersion, eth_chainId. */
export interface NodeInfoService {
  chainId(): bigint;
  clientVersion(): string;
}

/** Blocks, transactions and receipts ("pending" = the open block, never null). */
export interface BlockService {
  /** Number of the last sealed block. */
  blockNumber(): bigint;
  /** The block with its transactions' hashes, or (`fullTransactions`) the transactions themselves. */
  getBlock(block: BlockSelector, fullTransactions: false): RpcBlock | null;
  getBlock(block: BlockSelector, fullTransactions: true): RpcBlock<RpcTransaction> | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> | null;
  getBlockReceipts(block: BlockSelector): RpcReceipt[] | null;
  /** Sealed, pre-confirmed or pooled transaction; null when unknown. */
  getTransactionByHash(hash: Hex): RpcTransaction | null;
  getTransactionReceipt(hash: Hex): RpcReceipt | null;
  /** The tx at `index` of a block ("pending" = the open block), or null. */
  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): RpcTransaction | null;
  /** A block's tx count, or null for an unknown block. */
  getBlockTransactionCount(block: BlockSelector): bigint | null;
}

/** Fee suggestions and history. */
export interface FeeService {
  /** Suggested legacy gas price: pending base fee + suggested tip. */
  gasPrice(): bigint;
  maxPriorityFeePerGas(): bigint;
  /** eth_baseFee: the base fee of the next block (the open one). */
  baseFee(): bigint;
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
  /** eth_getStorageValues: the slots of each account, all read in one view of one block. */
  getStorageValues(requests: ReadonlyArray<{ address: Uint8Array; slots: readonly Uint8Array[] }>, block: BlockSelector): Uint8Array[][];
  /** eth_getProof (EIP-1186). */
  getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult>;
}

/**
 * Calls and estimates on a block's state. `owner` is the client the execution is scheduled for
 * (fair shares between clients, workers kept for the dedicated tier); see jobOwnerOf.
 */
export interface CallService {
  /** `overrides`: geth's state and block overrides (third and fourth parameters); `owner`: the client, for fair scheduling. */
  call(request: CallRequest, block: BlockSelector, overrides?: Overrides, owner?: JobOwner): Promise<Uint8Array>;
  estimateGas(request: CallRequest, block: BlockSelector, overrides?: Overrides, owner?: JobOwner): Promise<bigint>;
  /** `stateOverride`: geth's third parameter (no block overrides here). */
  createAccessList(request: CallRequest, block: BlockSelector, stateOverride?: StateOverride, owner?: JobOwner): Promise<AccessListResult>;
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

/** The debug_getRaw* methods: consensus encodings of sealed blocks, headers, receipts and transactions. */
export interface RawChainService {
  rawHeader(block: BlockSelector): Uint8Array;
  rawBlock(block: BlockSelector): Uint8Array;
  rawReceipts(block: BlockSelector): Uint8Array[];
  /** null for an unknown transaction. */
  rawTransaction(hash: Hex): Uint8Array | null;
}

/** eth_simulateV1. */
export interface SimulationService {
  /** The simulated blocks in wire shape; a failed call's `error` holds `kind` (reverted / vmError), given its code by the method. */
  simulate(request: SimulationRequest, block: BlockSelector): Promise<SimulatedRpcBlock[]>;
}

/** The write path: submission into the pool, node-side signing, and a transaction's life. */
export interface TransactionService {
  /** Validates, admits and journals a signed tx; resolves to its hash once durable. */
  sendRawTransaction(raw: Uint8Array): Promise<Hex>;
  /**
   * Submits like {@link sendRawTransaction} and resolves with the receipt once pre-confirmed;
   * rejects with code 4 (data: the hash) after `timeoutMs` (the node's default when omitted).
   */
  sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<RpcReceipt>;
  /** sequin_sendRawTransactionSync: as eth_sendRawTransactionSync, answered with what sequin_getPreconfirmation answers. */
  sendRawTransactionSyncProven(raw: Uint8Array, timeoutMs: number | undefined): Promise<PreconfirmationAnswer>;
  /** Signs with a dev account, or sends as an impersonated address, and submits (eth_sendTransaction). */
  sendTransaction(request: CallRequest): Promise<Hex>;
  /** eth_sendUnsignedTransaction (Anvil): submits as `from` with the impersonation signature, impersonated or not. */
  sendUnsignedTransaction(request: CallRequest): Promise<Hex>;
  /** Signs with a dev account, submits and resolves with the receipt once pre-confirmed (eth_sendTransactionSync). */
  sendTransactionSync(request: CallRequest, timeoutMs: number | undefined): Promise<RpcReceipt>;
  /** The raw signed transaction eth_sendTransaction would submit (eth_signTransaction). */
  signTransaction(request: CallRequest): Promise<Hex>;
  /** The EIP-191 signature of `data` by a dev account (eth_sign, personal_sign). */
  signMessage(address: Uint8Array, data: Uint8Array): Hex;
  /** The EIP-712 signature of a typed data document, an object or a JSON string (eth_signTypedData_v4). */
  signTypedData(address: Uint8Array, document: unknown): Hex;
  /** The dev accounts the node signs for. */
  accounts(): Hex[];
  transactionStatus(hash: Hex): TransactionStatus;
}

/** txpool_*: the pool's contents. */
export interface TxPoolService {
  status(): { pending: Hex; queued: Hex };
  content(): TxPoolGroups<RpcTransaction>;
  contentFrom(address: Uint8Array): TxPoolContentFrom;
  inspect(): TxPoolGroups<string>;
}

/** eth_getLogs and the polling filters. */
export interface LogService {
  /** eth_getLogs: matching logs in (block, log index) order; a range reaching "pending" includes pre-confirmed logs. */
  getLogs(filter: LogFilter): RpcLog[];
  /** Filter installers take the caller's client id (RequestContext.clientId), for the per-client filter quota. */
  newFilter(filter: LogFilter, clientId?: string): Hex;
  newBlockFilter(clientId?: string): Hex;
  newPendingTransactionFilter(fullTransactions: boolean, clientId?: string): Hex;
  /** What a filter saw since its last poll; -32000 "filter not found" for an unknown or expired id. */
  getFilterChanges(id: string): FilterChanges;
  getFilterLogs(id: string): RpcLog[];
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

/** Fork mode's controls (docs/guides/forking.md). */
export interface ForkService {
  /** anvil_setRpcUrl: read the forked chain from `url` from now on; nothing on a node that is not a fork. */
  setRpcUrl(url: string): void;
  /** What the node forked (anvil_nodeInfo's forkConfig; the URL redacted), or undefined. */
  info(): { forkUrl: string; forkBlockNumber: number; forkRetryBackoff: number } | undefined;
  /** What the node forked, in anvil_metadata's `forkedNetwork` shape, or undefined. */
  network(): { chainId: number; forkBlockNumber: number; forkBlockHash: string } | undefined;
}

/**
 * Mining at run time (dedicated tier), Anvil's methods: the mode (automine = instant, interval,
 * manual, miner_stop / miner_start), mining on demand, and what the next blocks carry.
 */
export interface MiningService {
  getAutomine(): boolean;
  setAutomine(enabled: boolean): Promise<void>;
  /** The interval-mining block time in seconds, or null in the other modes. */
  getIntervalMining(): number | null;
  /** A block every `seconds` (sub-blocks within it); 0 → manual. */
  setIntervalMining(seconds: bigint): Promise<void>;
  stopMining(): Promise<void>;
  startMining(): Promise<void>;
  /** anvil_mine: `blocks` (default 1) blocks now, the clock moving `intervalSeconds` forward before each when given. */
  mine(blocks: bigint | undefined, intervalSeconds: bigint | undefined): Promise<void>;
  /** evm_mine: one block (or `blocks`), the first at `timestamp` when given. */
  evmMine(options: { timestamp?: bigint; blocks?: bigint }): Promise<StoredBlock[]>;
  /** evm_mine_detailed: as evmMine, answering the mined blocks with full transactions. */
  evmMineDetailed(options: { timestamp?: bigint; blocks?: bigint }): Promise<RpcBlock<RpcTransaction>[]>;
  setNextBlockBaseFeePerGas(baseFeePerGas: bigint): Promise<void>;
  /** OP Stack chains: the simulated L1's base fee or blob base fee from the next block on; refused on Ethereum. */
  setL1Fee(kind: 'baseFee' | 'blobBaseFee', wei: bigint): void;
  setCoinbase(address: Uint8Array): Promise<void>;
  setBlockGasLimit(gasLimit: bigint): Promise<void>;
  /** Always refused: the chain runs EIP-1559 (Anvil's answer there). */
  setMinGasPrice(method: 'anvil_setMinGasPrice' | 'hardhat_setMinGasPrice'): never;
}

/** The chain's clock (dedicated tier): Anvil's time methods. */
export interface TimeService {
  /** Moves the clock forward; the total offset in seconds. */
  increaseTime(seconds: bigint): Promise<bigint>;
  setNextBlockTimestamp(timestamp: bigint): Promise<void>;
  /** Sets the clock (seconds, or ms when ≥ 1e12); how far ahead of the old clock that is, in seconds (0 if behind). */
  setTime(timestamp: bigint): Promise<bigint>;
  setBlockTimestampInterval(seconds: bigint): Promise<void>;
  removeBlockTimestampInterval(): Promise<boolean>;
}

/** Snapshots and rewinds (dedicated tier): evm_snapshot / evm_revert, anvil_rollback, anvil_reset. */
export interface SnapshotService {
  snapshot(): Promise<bigint>;
  /** False for an unknown or consumed id. */
  revert(id: bigint): Promise<boolean>;
  rollback(depth: bigint | undefined): Promise<void>;
  /**
   * Back to the genesis, or on a fork to the fork block the node started on; with `forking` (a
   * fork only, else "Forking not enabled"), onto another remote block.
   */
  reset(forking: ForkTarget | undefined): Promise<void>;
}

/**
 * State edits of the dev methods (anvil_setBalance, …). Each resolves once the edit is
 * pre-confirmed: durable, in "pending", and in the next sealed block's state root.
 */
export interface DevStateService {
  setBalance(address: Uint8Array, balance: bigint): Promise<void>;
  addBalance(address: Uint8Array, amount: bigint): Promise<void>;
  setCode(address: Uint8Array, code: Uint8Array): Promise<void>;
  setNonce(address: Uint8Array, nonce: bigint): Promise<void>;
  /** `slot` and `value` are 32 bytes. */
  setStorageAt(address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void>;
  dealErc20(owner: Uint8Array, token: Uint8Array, amount: bigint): Promise<void>;
  setErc20Allowance(owner: Uint8Array, spender: Uint8Array, token: Uint8Array, amount: bigint): Promise<void>;
}

/** Which addresses eth_sendTransaction may send as without their key. */
export interface ImpersonationService {
  impersonate(address: Uint8Array): void;
  stopImpersonating(address: Uint8Array): void;
  setAutoImpersonate(enabled: boolean): void;
}

/** anvil_dumpState / anvil_loadState, in Anvil's format. */
export interface StateDumpService {
  /** The pending state as 0x-hex of gzipped JSON. */
  dumpState(): Hex;
  /** Loads a dump (gzipped or plain JSON bytes) as one state edit; -32602 when it is not a dump. */
  loadState(dump: Uint8Array): Promise<boolean>;
}

/** Taking transactions out of the pool, journal included. */
export interface PoolControlService {
  dropTransaction(hash: Hex): Promise<Hex | null>;
  dropAllTransactions(): Promise<void>;
  removePoolTransactions(address: Uint8Array): Promise<void>;
}

/** What a dev node reports about itself and its accounts (anvil_nodeInfo, anvil_metadata, eth_getAccount …). */
export interface DevInfoService {
  nodeInfo(): AnvilNodeInfo;
  metadata(): AnvilMetadata;
  genesisTime(): number;
  getAccount(address: Uint8Array, block: BlockSelector): Promise<RpcAccount>;
  getAccountInfo(address: Uint8Array, block: BlockSelector): RpcAccountInfo;
}

/** anvil_setLoggingEnabled: whether every RPC call is logged at info level. */
export interface CallLoggingService {
  setEnabled(enabled: boolean): void;
}

/** The dev/test surface of Anvil and Hardhat (anvil_*, hardhat_*), dedicated tier only. */
export interface DevService {
  readonly state: DevStateService;
  readonly impersonation: ImpersonationService;
  readonly dumps: StateDumpService;
  readonly pool: PoolControlService;
  readonly info: DevInfoService;
  readonly logging: CallLoggingService;
}

/** eth_config (EIP-7910): the chain's current, next and last fork. */
export interface ChainConfigService {
  config(): RpcChainConfig;
  /** The head's fork and the limits it sets (GET /chain/rules). */
  rules(): ChainRules;
}

/** testing_buildBlockV1: a block built on the head and kept nowhere, as an engine API payload envelope. */
export interface TestBlockService {
  buildBlock(request: BuildBlockRequest): Promise<RpcPayloadEnvelope>;
}

/** Verifiable pre-confirmations (issue 26): the sequencer key, proven answers, signed commitments. */
export interface PreconfirmationService {
  sequencer(): Promise<{ address: Hex | null; chainId: Hex }>;
  getPreconfirmation(hash: Hex, waitMs?: number): Promise<PreconfirmationAnswer | null>;
  getCommitments(number: bigint): SignedCommitment[];
}

/** The node as RPC methods see it. */
export interface RpcBackend {
  readonly node: NodeInfoService;
  readonly blocks: BlockService;
  readonly fees: FeeService;
  readonly state: StateService;
  readonly calls: CallService;
  readonly traces: TraceService;
  readonly simulation: SimulationService;
  readonly raw: RawChainService;
  readonly transactions: TransactionService;
  readonly txpool: TxPoolService;
  readonly logs: LogService;
  readonly subscriptions: SubscriptionService;
  readonly mining: MiningService;
  readonly time: TimeService;
  readonly snapshots: SnapshotService;
  readonly dev: DevService;
  readonly fork: ForkService;
  readonly chainConfig: ChainConfigService;
  readonly testBlocks: TestBlockService;
  readonly preconfirmations: PreconfirmationService;
}
