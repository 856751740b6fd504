import type { Common } from '@ethereumjs/common';
import { type ChainStore, UNSEALED_BLOCK_HASH, withBlockHash } from '../chain/ChainStore.js';
import type { StoredTransaction } from '../chain/records.js';
import { InvalidParamsError, RpcError, ServerError } from '../errors/RpcError.js';
import type { ChainEvents } from '../events/ChainEvents.js';
import type { EventBus } from '../events/EventBus.js';
import type { AccountProofResult, StorageKeyRequest } from '../execution/accountProof.js';
import type { CallRequest } from '../execution/CallRequest.js';
import type { CallExecutor } from '../execution/callWorker/CallExecutor.js';
import { type ExecuteCallOptions, executeCall, executeEstimate, isPlainTransferOn } from '../execution/callWorker/executeCallJob.js';
import type { AccessListResult } from '../execution/createAccessList.js';
import { codeOf } from '../execution/StateReader.js';
import type { TraceCallConfig, TraceConfig } from '../execution/tracing/TraceConfig.js';
import type { VmPool } from '../execution/VmPool.js';
import type { WorldState } from '../execution/WorldState.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import type { Hex } from '../primitives/hex.js';
import type { FeeHistory, JsonObject, RpcBackend, TransactionStatus, TxPoolGroups } from '../rpc/backend.js';
import type { LogFilter } from '../rpc/schemas/logFilter.js';
import type { Notify } from '../rpc/server/SubscriptionSession.js';
import type { SubscriptionRequest } from '../rpc/subscriptions/SubscriptionRequest.js';
import { submitAndAwaitPreconfirmation } from '../sequencer/awaitPreconfirmation.js';
import type { Sequencer } from '../sequencer/Sequencer.js';
import type { Storage } from '../storage/Storage.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import type { TxPool } from '../txpool/TxPool.js';
import { BlockSelection } from './BlockSelection.js';
import { blobBaseFee } from './blobBaseFee.js';
import { transactionAtIndex, transactionCount } from './blockTransactions.js';
import { buildDevTransaction } from './buildDevTransaction.js';
import { computeFeeHistory } from './feeHistory.js';
import type { FilterManager } from './filters/FilterManager.js';
import type { ChainLogSource } from './logs/ChainLogSource.js';
import { type LogQueryLimits, queryLogs } from './logs/queryLogs.js';
import { ProofService } from './ProofService.js';
import { pendingBlockView } from './pendingBlockView.js';
import { pooledTransactionView } from './pooledTransactionView.js';
import { storedTransactionView } from './storedTransactionView.js';
import { PreconfirmedPayloads } from './subscriptions/PreconfirmedPayloads.js';
import { SubscriptionHub } from './subscriptions/SubscriptionHub.js';
import { TraceService, type TransactionTrace } from './TraceService.js';
import { transactionStatus } from './transactionStatus.js';
import type { TxPoolInspection } from './txpoolInspection.js';

/** EIP-7966's error code for a transaction accepted but not processed within the timeout. */
const SEND_SYNC_TIMEOUT_CODE = 4;

/** The parts the backend reads from. */
export interface NodeBackendParts {
  common: Common;
  chainId: bigint;
  version: string;
  storage: Storage;
  chain: ChainStore;
  world: WorldState;
  pool: TxPool;
  intake: TransactionIntake;
  sequencer: Sequencer;
  /** Main-thread VMs for eth_call / eth_estimateGas when there is no {@link callExecutor}. */
  calls: VmPool;
  /** Worker threads for eth_call / eth_estimateGas (LMDB storage only; in-memory storage cannot be shared). */
  callExecutor?: CallExecutor;
  blockGasLimit: bigint;
  coinbase: Uint8Array;
  rpcGasCap: bigint;
  suggestedTip: bigint;
  devKeys: Map<string, Uint8Array>;
  events: EventBus<ChainEvents>;
  /** eth_sendRawTransactionSync's default and maximum wait, in ms. */
  sendSync: { defaultTimeoutMs: number; maxTimeoutMs: number };
  /** The chain as log queries read it (sealed blocks, then the open block). */
  logSource: ChainLogSource;
  /** eth_getLogs's caps (--rpc-logs-block-range, --rpc-logs-max-results). */
  logLimits: LogQueryLimits;
  filters: FilterManager;
  txpool: TxPoolInspection;
}

/**
 * The RpcBackend of a running node: answers from the chain store, the world state, the pool and
 * the execution layer, with block selectors resolved by {@link BlockSelection} ("pending" =
 * latest + sub-blocks, never null). Larger concerns live in their own services (traces, proofs,
 * subscriptions, logs and filters); their methods here only delegate.
 */
export class NodeBackend implements RpcBackend {
  private readonly blocks: BlockSelection;
  private readonly subscriptions: SubscriptionHub;

  private readonly traces: TraceService;
  private readonly proofs: ProofService;

  constructor(private readonly parts: NodeBackendParts) {
    this.blocks = new BlockSelection(parts);
    this.subscriptions = new SubscriptionHub({
      events: parts.events,
      chain: parts.chain,
      sequencer: parts.sequencer,
      logSource: parts.logSource,
      transactionByHash: (hash) => this.getTransactionByHash(hash as Hex),
      payloads: new PreconfirmedPayloads(parts.chain),
    });
    const resolve = (block: BlockSelector) => this.blocks.resolve(block);
    this.traces = new TraceService({ ...parts, resolve });
    this.proofs = new ProofService({ ...parts, resolve });
  }

  chainId(): bigint {
    return this.parts.chainId;
  }

  clientVersion(): string {
    return `Sequin/v${this.parts.version}/${process.platform}-${process.arch}/node${process.versions.node}`;
  }

  blockNumber(): bigint {
    return BigInt(this.blocks.head().number);
  }

  getBalance(address: Uint8Array, block: BlockSelector): bigint {
    return this.blocks.stateAt(block).account(key(address))?.balance ?? 0n;
  }

  getTransactionCount(address: Uint8Array, block: BlockSelector): bigint {
    if (block.kind === 'tag' && block.tag === 'pending') return this.parts.pool.nextNonce(key(address));
    return this.blocks.stateAt(block).account(key(address))?.nonce ?? 0n;
  }

  getCode(address: Uint8Array, block: BlockSelector): Uint8Array {
    return codeOf(this.blocks.stateAt(block), key(address));
  }

  getStorageAt(address: Uint8Array, slot: Uint8Array, block: BlockSelector): Uint8Array {
    return this.blocks.stateAt(block).storage(key(address), Buffer.from(slot).toString('hex'));
  }

  gasPrice(): bigint {
    return this.parts.sequencer.openBlock.baseFeePerGas + this.parts.suggestedTip;
  }

  maxPriorityFeePerGas(): bigint {
    return this.parts.suggestedTip;
  }

  feeHistory(blockCount: number, newest: BlockSelector, rewardPercentiles: number[] | undefined): FeeHistory {
    const resolved = this.blocks.resolve(newest);
    if (!resolved) throw new ServerError('header not found');
    const newestNumber = resolved.kind === 'sealed' ? Number(resolved.block.number) : this.blocks.head().number;
    return computeFeeHistory({
      blockCount,
      newest: newestNumber,
      rewardPercentiles,
      block: (number) => this.parts.chain.blockByNumber(number),
      receiptsOf: (block) => this.parts.chain.receiptsOfBlock(block),
      nextBaseFee: newestNumber === this.blocks.head().number ? this.parts.sequencer.openBlock.baseFeePerGas : undefined,
    });
  }

  sendRawTransaction(raw: Uint8Array): Promise<Hex> {
    return this.parts.intake.submit(raw);
  }

  async sendRawTransactionSync(raw: Uint8Array, timeoutMs: number | undefined): Promise<JsonObject> {
    const { defaultTimeoutMs, maxTimeoutMs } = this.parts.sendSync;
    if (timeoutMs !== undefined && timeoutMs > maxTimeoutMs)
      throw new InvalidParamsError(`invalid argument 1: timeout ${timeoutMs} ms exceeds the maximum of ${maxTimeoutMs} ms`);
    const timeout = timeoutMs ?? defaultTimeoutMs;
    const { hash, preconfirmed } = await submitAndAwaitPreconfirmation({
      submit: () => this.parts.intake.submit(raw),
      events: this.parts.events,
      isPreconfirmed: (candidate) => this.parts.chain.transaction(candidate) !== undefined,
      timeoutMs: timeout,
    });
    const receipt = preconfirmed ? this.getTransactionReceipt(hash) : null;
    if (!receipt) throw new RpcError(SEND_SYNC_TIMEOUT_CODE, `transaction ${hash} was accepted but not pre-confirmed within ${timeout} ms`, { data: hash });
    return receipt;
  }

  async sendTransaction(request: CallRequest): Promise<Hex> {
    if (!request.from) throw new ServerError('from address is required');
    const privateKey = this.parts.devKeys.get(key(request.from));
    if (!privateKey) throw new ServerError('unknown account');
    const pending: BlockSelector = { kind: 'tag', tag: 'pending' };
    const transaction = buildDevTransaction(request, {
      common: this.parts.common,
      chainId: this.parts.chainId,
      nonce: request.nonce ?? this.parts.pool.nextNonce(key(request.from)),
      gasLimit: request.gas ?? (await this.estimateGas(request, pending)),
      baseFeePerGas: this.parts.sequencer.openBlock.baseFeePerGas,
      suggestedTip: this.parts.suggestedTip,
      balance: this.getBalance(request.from, pending),
    });
    return this.parts.intake.submit(transaction.sign(privateKey).serialize());
  }

  accounts(): Hex[] {
    return [...this.parts.devKeys.keys()].map((address) => `0x${address}` as Hex);
  }

  getTransactionByHash(hash: Hex): JsonObject | null {
    const stored = this.parts.chain.transaction(hash);
    if (stored) return this.transactionView(stored);
    const pooled = this.parts.pool.get(hash);
    return pooled ? pooledTransactionView(pooled) : null;
  }

  getTransactionReceipt(hash: Hex): JsonObject | null {
    const stored = this.parts.chain.transaction(hash);
    return stored ? withBlockHash(stored.receipt, this.parts.chain.blockHashOf(stored)) : null;
  }

  getBlock(block: BlockSelector, fullTransactions: boolean): JsonObject | null {
    const resolved = this.blocks.resolve(block);
    if (!resolved) return null;
    if (resolved.kind === 'sealed') {
      const sealed = resolved.block;
      return fullTransactions
        ? { ...sealed, transactions: sealed.transactions.map((hash) => this.transactionView(this.parts.chain.transaction(hash)!)) }
        : { ...sealed };
    }
    const full = fullTransactions ? (hash: Hex) => this.transactionView(this.parts.chain.transaction(hash)!) : undefined;
    return pendingBlockView(this.parts.sequencer.openBlock, this.parts, full);
  }

  getBlockReceipts(block: BlockSelector): JsonObject[] | null {
    const resolved = this.blocks.resolve(block);
    if (!resolved) return null;
    if (resolved.kind === 'sealed') return this.parts.chain.receiptsOfBlock(resolved.block);
    return this.parts.sequencer.openBlock.transactions.map(({ hash }) => withBlockHash(this.parts.chain.transaction(hash)!.receipt, UNSEALED_BLOCK_HASH));
  }

  async call(request: CallRequest, block: BlockSelector): Promise<Uint8Array> {
    const executor = this.parts.callExecutor;
    if (executor)
      return executor.call({ request, version: this.blocks.versionAt(block), environment: this.blocks.environmentAt(block), gasCap: this.parts.rpcGasCap });
    return executeCall(this.mainThreadCall(request, block));
  }

  async estimateGas(request: CallRequest, block: BlockSelector): Promise<bigint> {
    const executor = this.parts.callExecutor;
    // Value transfers (what wallets estimate most) take one ~50 µs run at 21,000 gas: answer them
    // here, so they never queue behind a long call in the worker.
    if (executor && !isPlainTransferOn(this.blocks.stateAt(block), request))
      return executor.estimate({ request, version: this.blocks.versionAt(block), environment: this.blocks.environmentAt(block), gasCap: this.parts.rpcGasCap });
    return executeEstimate(this.mainThreadCall(request, block));
  }

  subscribe(request: SubscriptionRequest, notify: Notify): () => void {
    return this.subscriptions.start(request, notify);
  }

  traceTransaction(hash: Hex, config: TraceConfig): Promise<unknown> {
    return this.traces.traceTransaction(hash, config);
  }

  traceBlock(block: BlockSelector, config: TraceConfig): Promise<TransactionTrace[]> {
    return this.traces.traceBlock(block, config);
  }

  traceCall(request: CallRequest, block: BlockSelector, config: TraceCallConfig): Promise<unknown> {
    return this.traces.traceCall(request, block, config);
  }

  createAccessList(request: CallRequest, block: BlockSelector): Promise<AccessListResult> {
    return this.traces.createAccessList(request, block);
  }

  getProof(address: Uint8Array, storageKeys: StorageKeyRequest[], block: BlockSelector): Promise<AccountProofResult> {
    return this.proofs.getProof(address, storageKeys, block);
  }

  getLogs(filter: LogFilter): JsonObject[] {
    return queryLogs(this.parts.logSource, filter, this.parts.logLimits);
  }

  newFilter(filter: LogFilter, clientId?: string): Hex {
    return this.parts.filters.newLogFilter(filter, clientId);
  }

  newBlockFilter(clientId?: string): Hex {
    return this.parts.filters.newBlockFilter(clientId);
  }

  newPendingTransactionFilter(fullTransactions: boolean, clientId?: string): Hex {
    return this.parts.filters.newPendingTransactionFilter(fullTransactions, clientId);
  }

  getFilterChanges(id: string): unknown[] {
    return this.parts.filters.changes(id);
  }

  getFilterLogs(id: string): JsonObject[] {
    return this.parts.filters.logs(id);
  }

  uninstallFilter(id: string): boolean {
    return this.parts.filters.uninstall(id);
  }

  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): JsonObject | null {
    return transactionAtIndex(this, block, index);
  }

  getBlockTransactionCount(block: BlockSelector): bigint | null {
    return transactionCount(this, block);
  }

  blobBaseFee(): bigint {
    return blobBaseFee(this.parts.common, BigInt(this.parts.chain.blockByNumber(this.blocks.head().number)!.excessBlobGas));
  }

  txpoolStatus(): { pending: Hex; queued: Hex } {
    return this.parts.txpool.status();
  }

  txpoolContent(): TxPoolGroups<JsonObject> {
    return this.parts.txpool.content();
  }

  txpoolContentFrom(address: Uint8Array): { pending: Record<string, JsonObject>; queued: Record<string, JsonObject> } {
    return this.parts.txpool.contentFrom(address);
  }

  txpoolInspect(): TxPoolGroups<string> {
    return this.parts.txpool.inspect();
  }

  transactionStatus(hash: Hex): TransactionStatus {
    return transactionStatus(this.parts.chain, this.parts.pool, hash);
  }

  /** Stops the call workers, if any, and the filters' event listeners. */
  close(): Promise<void> {
    this.parts.filters.close();
    return this.parts.callExecutor?.close() ?? Promise.resolve();
  }

  private mainThreadCall(request: CallRequest, block: BlockSelector): ExecuteCallOptions {
    const state = this.blocks.stateAt(block);
    const environment = this.blocks.environmentAt(block);
    return { common: this.parts.common, use: (work) => this.parts.calls.use(work), state, environment, request, gasCap: this.parts.rpcGasCap };
  }

  private transactionView(stored: StoredTransaction): JsonObject {
    return storedTransactionView(stored, this.parts.chain.blockHashOf(stored));
  }
}

function key(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}
