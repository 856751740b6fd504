import { type Block, type BlockHeader, createBlock, createBlockHeader } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { encodeReceipt, runTx } from '@ethereumjs/vm';
import { nextBaseFee } from '../../chain/nextBaseFee.js';
import { orderedTrieRoot } from '../../chain/trieRoot.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { SimulationError } from '../../errors/SimulationError.js';
import { bigintToBytes } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import { OverlayStateReader } from '../OverlayStateReader.js';
import { activePrecompileAddresses } from '../overrides/activePrecompileAddresses.js';
import { OverrideStateReader } from '../overrides/OverrideStateReader.js';
import { planPrecompileEdits } from '../overrides/precompileOverrides.js';
import { withEditedPrecompiles } from '../overrides/swapPrecompiles.js';
import { decodeRevertReason } from '../revertReason.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../StateChanges.js';
import { EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import { attachTracer } from '../tracing/attachTracer.js';
import { evmErrorToGethMessage } from '../vmErrors.js';
import { blobBaseFeeOf, nextExcessBlobGas } from './blobGas.js';
import { afterBlockSystemCalls, beforeBlockSystemCalls, requestsHash } from './blockSystemCalls.js';
import { checkMessage } from './checkMessage.js';
import type { SimulationRequest } from './SimulationRequest.js';
import type { StateRootTracker } from './StateRootTracker.js';
import { type PlannedBlock, sanitizeSimulatedChain } from './sanitizeSimulatedChain.js';
import { simulatedTransaction, simulatedTransactionHash } from './simulatedTransaction.js';
import { type SimulatedLog, TransferLogTracer } from './TransferLogTracer.js';

const ZERO_HASH = new Uint8Array(32);
const NONCE_LIMIT = 2n ** 64n;
const EMPTY_UNCLES_HASH = keccak256(RLP.encode([]));
const EMPTY_CODE_HASH_BYTES = Buffer.from(EMPTY_CODE_HASH, 'hex');

/** The block a simulation starts after, as its header says. Optional fields are those of later forks. */
export interface SimulationBaseHeader {
  number: bigint;
  hash: Uint8Array;
  timestamp: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  coinbase: Uint8Array;
  /** Non-zero before the merge: simulated blocks inherit it, as geth's do. */
  difficulty: bigint;
  baseFeePerGas: bigint | undefined;
  excessBlobGas: bigint | undefined;
  blobGasUsed: bigint | undefined;
}

/** What a simulation runs on. */
export interface SimulationContext {
  /** The VM to run in: its BLOCKHASH lookup must go through {@link SimulationContext.blockHashes}. */
  execution: ExecutionVm;
  base: SimulationBaseHeader;
  /** The state after the base block. */
  state: StateReader;
  roots: StateRootTracker;
  /** Hashes of the simulated blocks so far, by number, for BLOCKHASH (the VM's lookup adds them to the chain's). */
  blockHashes: Map<bigint, Uint8Array>;
  /** Gas all calls together may use (--rpc-gas-cap); 0 for no limit. */
  gasCap: bigint;
  /** Wall time the whole simulation may take. */
  timeoutMs: number;
  /** The rules (fork) a block at this number, time and difficulty runs under. */
  rulesAt(position: { number: bigint; timestamp: bigint; difficulty: bigint }): Common;
}

/** One simulated call's outcome (geth's simCallResult). */
export interface SimulatedCallResult {
  returnData: Uint8Array;
  logs: SimulatedLog[];
  gasUsed: bigint;
  /** Gas used before refunds (at least the EIP-7623 floor): what the call needs as its gas limit. */
  maxUsedGas: bigint;
  success: boolean;
  /** Why it failed: reverted (with the revert data), or an EVM error (geth's wording). */
  failure?: { kind: 'reverted'; message: string; data: Uint8Array } | { kind: 'vmError'; message: string };
}

/** One simulated block. */
export interface SimulatedBlock {
  header: BlockHeader;
  transactions: TypedTransaction[];
  transactionHashes: Uint8Array[];
  senders: Uint8Array[];
  withdrawals: NonNullable<PlannedBlock['blockOverrides']['withdrawals']> | undefined;
  calls: SimulatedCallResult[];
  /** Length of the block's RLP. */
  size: number;
}

/** The parent of the next block, as far as building it needs. */
interface ParentHeader {
  number: bigint;
  hash: Uint8Array;
  timestamp: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  coinbase: Uint8Array;
  difficulty: bigint;
  baseFeePerGas: bigint | undefined;
  excessBlobGas: bigint | undefined;
  blobGasUsed: bigint | undefined;
}

/**
 * eth_simulateV1's engine, as geth's `simulator`: lays the blocks out (numbers, times, gaps) and
 * runs them one after another on the base state, each one:
 *
 *   header fields (overrides, or the parent's gas limit and fee recipient; base fee 0 without
 *   validation) ─▶ state overrides ─▶ EIP-4788/2935 system calls ─▶ each call as a transaction
 *   (geth's checks, errors -380xx) ─▶ EIP-7002/7251 requests ─▶ withdrawals ─▶ roots and hash
 *
 * Nothing is written: state changes stay in memory, trie nodes in a node store that is never
 * flushed. Each block's hash is known to BLOCKHASH in the blocks after it.
 */
export async function simulateBlocks(context: SimulationContext, request: SimulationRequest): Promise<SimulatedBlock[]> {
  const { execution } = context;
  const planned = sanitizeSimulatedChain(context.base, request.blockStateCalls);
  const deadline = performance.now() + context.timeoutMs;
  const budget = { remaining: context.gasCap === 0n ? 2n ** 64n - 1n : context.gasCap };
  const results: SimulatedBlock[] = [];
  let parent: ParentHeader = context.base;
  let state = context.state;
  for (const block of planned) {
    const common = context.rulesAt({ number: block.number, timestamp: block.timestamp, difficulty: parent.difficulty });
    // The VM runs each block under its fork, as the chain does.
    if (execution.vm.common.hardfork() !== common.hardfork()) execution.vm.common.setHardfork(common.hardfork());
    const simulated = await simulateBlock({ context, common, block, parent, state, request, budget, deadline });
    results.push(simulated.block);
    context.blockHashes.set(block.number, simulated.block.header.hash());
    state = simulated.state;
    const header = simulated.block.header;
    parent = {
      number: header.number,
      hash: header.hash(),
      timestamp: header.timestamp,
      gasLimit: header.gasLimit,
      gasUsed: header.gasUsed,
      coinbase: header.coinbase.bytes,
      difficulty: header.difficulty,
      baseFeePerGas: header.baseFeePerGas,
      excessBlobGas: header.excessBlobGas,
      blobGasUsed: header.blobGasUsed,
    };
  }
  return results;
}

async function simulateBlock(options: {
  context: SimulationContext;
  common: Common;
  block: PlannedBlock;
  parent: ParentHeader;
  state: StateReader;
  request: SimulationRequest;
  budget: { remaining: bigint };
  deadline: number;
}): Promise<{ block: SimulatedBlock; state: StateReader }> {
  const { context, common, block, parent, request, budget, deadline } = options;
  const { execution } = context;
  const overrides = block.blockOverrides;
  const validate = request.validation;
  const london = common.isActivatedEIP(1559);
  const cancun = common.isActivatedEIP(4844);
  const baseFee = london ? (overrides.baseFeePerGas ?? (validate && parent.baseFeePerGas !== undefined ? nextBaseFee(parentFees(parent)) : 0n)) : undefined;
  const excessBlobGas = cancun
    ? parent.excessBlobGas === undefined
      ? 0n
      : nextExcessBlobGas({ excessBlobGas: parent.excessBlobGas, blobGasUsed: parent.blobGasUsed ?? 0n, baseFeePerGas: parent.baseFeePerGas ?? 0n }, common)
    : undefined;
  const blobBaseFee = overrides.blobBaseFee ?? (cancun ? blobBaseFeeOf(common, excessBlobGas ?? 0n) : 0n);
  const parentBeaconBlockRoot = cancun ? (overrides.beaconRoot ?? ZERO_HASH) : undefined;
  const shanghai = common.isActivatedEIP(4895);
  const withdrawals = shanghai ? (overrides.withdrawals ?? []) : undefined;
  const draft = {
    parentHash: parent.hash,
    number: block.number,
    timestamp: block.timestamp,
    gasLimit: overrides.gasLimit ?? parent.gasLimit,
    coinbase: overrides.feeRecipient ?? parent.coinbase,
    difficulty: parent.difficulty,
    mixHash: overrides.prevRandao ?? ZERO_HASH,
    baseFeePerGas: baseFee,
    excessBlobGas,
    parentBeaconBlockRoot,
  };
  const executionBlock = createBlock(
    { header: { ...draft, blobGasUsed: cancun ? 0n : undefined } },
    { common, freeze: false, skipConsensusFormatValidation: true },
  );
  if (overrides.blobBaseFee !== undefined) executionBlock.header.getBlobGasPrice = () => blobBaseFee;

  // State overrides apply before the block, and last for this block only where precompiles move.
  const overridden = block.stateOverrides && block.stateOverrides.size > 0 ? new OverrideStateReader(options.state, block.stateOverrides) : undefined;
  const precompileEdits = block.stateOverrides ? planPrecompileEdits(block.stateOverrides, activePrecompileAddresses(common)) : [];
  const blockState = overridden ?? options.state;
  execution.state.reset(blockState);
  await beforeBlockSystemCalls(execution, { number: block.number, timestamp: block.timestamp, parentHash: parent.hash, parentBeaconBlockRoot });

  const transactions: TypedTransaction[] = [];
  const transactionHashes: Uint8Array[] = [];
  const senders: Uint8Array[] = [];
  const calls: SimulatedCallResult[] = [];
  const receipts: Uint8Array[] = [];
  const bloom = new Uint8Array(256);
  let gasUsed = 0n;
  let blobGasUsed = 0n;
  let logIndex = 0;
  const live = execution.state.asReader();
  await withEditedPrecompiles(execution, precompileEdits, async () => {
    for (const call of block.calls) {
      const remaining = draft.gasLimit - gasUsed;
      const requested = call.gas ?? remaining;
      if (requested > remaining) throw new SimulationError({ kind: 'blockGasLimitReached', remaining, required: requested });
      const gas = requested < budget.remaining ? requested : budget.remaining;
      const from = call.from ?? new Uint8Array(20);
      const nonce = live.account(Buffer.from(from).toString('hex'))?.nonce ?? 0n;
      const { transaction, message } = simulatedTransaction(common, call, { nonce, gas, baseFee });
      const rejection = checkMessage(live, transaction, message, { common, baseFee, blobBaseFee, validate });
      if (rejection) throw new SimulationError({ kind: 'invalidMessage', rejection, suppliedGas: gas });
      const outcome = await runSimulatedCall({
        execution,
        transaction,
        executionBlock,
        live,
        gasUsedBefore: gasUsed,
        visibleBaseFee: baseFee ?? 0n,
        zeroFees: !validate && message.feeCap === 0n && message.tip === 0n,
        tracer: new TransferLogTracer(request.traceTransfers, logIndex),
        deadline,
        timeoutMs: context.timeoutMs,
      });
      if (outcome.gasUsed > budget.remaining) throw new SimulationError({ kind: 'gasCapExhausted', need: outcome.gasUsed, remaining: budget.remaining });
      budget.remaining -= outcome.gasUsed;
      gasUsed += outcome.gasUsed;
      blobGasUsed += outcome.blobGasUsed;
      logIndex = outcome.nextLogIndex;
      for (let index = 0; index < 256; index++) bloom[index]! |= outcome.bloom[index]!;
      receipts.push(
        encodeReceipt(
          { status: outcome.success ? 1 : 0, cumulativeBlockGasUsed: gasUsed, bitvector: outcome.bloom, logs: outcome.receiptLogs },
          transaction.type,
        ),
      );
      transactions.push(transaction);
      transactionHashes.push(simulatedTransactionHash(transaction));
      senders.push(from);
      calls.push(describeOutcome(outcome, gas < requested));
    }
  });

  const requests = await afterBlockSystemCalls(execution, executionBlock);
  for (const withdrawal of withdrawals ?? []) {
    if (withdrawal.amount === 0n) continue;
    const address = new Address(withdrawal.address);
    const account = await execution.state.getAccount(address);
    await execution.state.modifyAccountFields(address, { balance: (account?.balance ?? 0n) + withdrawal.amount * 1_000_000_000n });
  }
  // Before the merge geth finalizes a simulated block as ethash does: its miner gets the block reward.
  if (draft.difficulty > 0n) {
    const miner = new Address(draft.coinbase);
    const account = await execution.state.getAccount(miner);
    await execution.state.modifyAccountFields(miner, { balance: (account?.balance ?? 0n) + common.param('minerReward') });
  }
  const executed = execution.state.takeChanges();
  const changes: StateChanges = emptyStateChanges();
  if (overridden) mergeStateChanges(changes, overridden.changes);
  mergeStateChanges(changes, executed);
  const after = new OverlayStateReader(blockState, executed);
  const stateRoot = await context.roots.advance(changes, overridden?.clearedStorage ?? new Set(), after);

  const header = createBlockHeader(
    {
      ...draft,
      uncleHash: EMPTY_UNCLES_HASH,
      stateRoot,
      transactionsTrie: orderedTrieRoot(transactions.map((transaction) => transaction.serialize())),
      receiptTrie: orderedTrieRoot(receipts),
      logsBloom: bloom,
      gasUsed,
      extraData: new Uint8Array(0),
      nonce: new Uint8Array(8),
      withdrawalsRoot: withdrawals === undefined ? undefined : orderedTrieRoot(withdrawals.map(encodeWithdrawal)),
      blobGasUsed: cancun ? blobGasUsed : undefined,
      requestsHash: requests === undefined ? undefined : requestsHash(requests),
    },
    { common, skipConsensusFormatValidation: true },
  );
  const body: unknown[] = [header.raw(), transactions.map((transaction) => (transaction.type === 0 ? transaction.raw() : transaction.serialize())), []];
  if (withdrawals !== undefined) body.push(withdrawals.map(encodeWithdrawalFields));
  return {
    block: { header, transactions, transactionHashes, senders, withdrawals, calls, size: RLP.encode(body as never).length },
    state: after,
  };
}

/** What running one call produced. */
interface CallRun {
  success: boolean;
  returnData: Uint8Array;
  gasUsed: bigint;
  maxUsedGas: bigint;
  blobGasUsed: bigint;
  logs: SimulatedLog[];
  nextLogIndex: number;
  receiptLogs: Array<[Uint8Array, Uint8Array[], Uint8Array]>;
  bloom: Uint8Array;
  /** @ethereumjs's failure text, when the call failed. */
  error?: string;
}

async function runSimulatedCall(options: {
  execution: ExecutionVm;
  transaction: TypedTransaction;
  executionBlock: Block;
  live: StateReader;
  gasUsedBefore: bigint;
  visibleBaseFee: bigint;
  zeroFees: boolean;
  tracer: TransferLogTracer;
  deadline: number;
  timeoutMs: number;
}): Promise<CallRun> {
  const { execution, transaction, executionBlock, tracer } = options;
  const header = executionBlock.header;
  const sender = transaction.getSenderAddress();
  const senderAccount = options.live.account(Buffer.from(sender.bytes).toString('hex'));
  // geth does not refuse a sender that holds code here (it skips that check in calls and simulations).
  if (senderAccount && Buffer.compare(senderAccount.codeHash, EMPTY_CODE_HASH_BYTES) !== 0) execution.state.passNextSenderCheck(sender.bytes);
  // Without validation geth lets a call with no fees run in a block with a base fee, and BASEFEE
  // still reads it: runTx sees base fee 0 (so it charges nothing), the EVM the block's.
  const fees = header as { baseFeePerGas: bigint | undefined };
  const showBaseFee = () => {
    if (fees.baseFeePerGas !== undefined) fees.baseFeePerGas = options.visibleBaseFee;
  };
  if (options.zeroFees && options.visibleBaseFee > 0n) fees.baseFeePerGas = 0n;
  const events = execution.vm.evm.events;
  const onMessage = (message: { depth: number }) => {
    if (message.depth === 0) showBaseFee();
  };
  events?.on('beforeMessage', onMessage);
  const attached = attachTracer(execution, tracer, {
    deadline: options.deadline,
    pre: options.live,
    coinbase: Buffer.from(header.coinbase.bytes).toString('hex'),
    firstLogIndex: tracer.logCount,
  });
  try {
    const result = await runTx(execution.vm, {
      tx: transaction,
      block: executionBlock,
      blockGasUsed: options.gasUsedBefore,
      skipNonce: true,
      skipHardForkValidation: true,
      skipBlockGasLimitValidation: true,
    });
    // A nonce past 2^64 - 1 wraps to 0, as geth's uint64 does (only reachable without validation).
    const sent = await execution.state.getAccount(sender);
    if (sent && sent.nonce >= NONCE_LIMIT) await execution.state.modifyAccountFields(sender, { nonce: sent.nonce - NONCE_LIMIT });
    const failure = result.execResult.exceptionError?.error;
    const gasUsed = result.totalGasSpent;
    const beforeRefund = result.execResult.executionGasUsed + transaction.getIntrinsicGas();
    return {
      success: failure === undefined,
      returnData: result.execResult.returnValue,
      gasUsed,
      maxUsedGas: beforeRefund > gasUsed ? beforeRefund : gasUsed,
      blobGasUsed: result.blobGasUsed ?? 0n,
      logs: tracer.result(),
      nextLogIndex: tracer.logCount,
      receiptLogs: result.receipt.logs,
      bloom: result.bloom.bitvector,
      ...(failure === undefined ? {} : { error: failure }),
    };
  } catch (error) {
    if (error instanceof SimulationError) throw error;
    // Out of time: the whole simulation is aborted, worded as eth_call's ("execution aborted (timeout = 5s)").
    if (attached.timedOut) throw new ExecutionTimeoutError('call', options.timeoutMs);
    throw new SimulationError({
      kind: 'invalidMessage',
      rejection: { kind: 'other', message: 'transaction could not be applied' },
      suppliedGas: transaction.gasLimit,
    });
  } finally {
    attached.detach();
    events?.off('beforeMessage', onMessage);
    showBaseFee();
    execution.state.passNextSenderCheck(undefined);
  }
}

/** A call's outcome as geth reports it: revert data and reason, or the EVM error (noting a capped gas limit). */
function describeOutcome(run: CallRun, gasCapped: boolean): SimulatedCallResult {
  const result: SimulatedCallResult = {
    // geth returns no data from a failed call: a revert's data travels in its error.
    returnData: run.error === undefined ? run.returnData : new Uint8Array(0),
    logs: run.logs,
    gasUsed: run.gasUsed,
    maxUsedGas: run.maxUsedGas,
    success: run.success,
  };
  if (run.error === undefined) return result;
  const message = evmErrorToGethMessage(run.error);
  if (message === 'execution reverted') {
    const reason = decodeRevertReason(run.returnData);
    result.failure = { kind: 'reverted', message: reason === undefined ? message : `${message}: ${reason}`, data: run.returnData };
  } else {
    result.failure = { kind: 'vmError', message: gasCapped ? `${message} (gas limit was capped by the RPC server's global gas cap)` : message };
  }
  return result;
}

function parentFees(parent: ParentHeader): { baseFeePerGas: bigint; gasUsed: bigint; gasLimit: bigint } {
  return { baseFeePerGas: parent.baseFeePerGas ?? 0n, gasUsed: parent.gasUsed, gasLimit: parent.gasLimit };
}

type Withdrawal = NonNullable<PlannedBlock['blockOverrides']['withdrawals']>[number];

function encodeWithdrawalFields(withdrawal: Withdrawal): Uint8Array[] {
  return [bigintToBytes(withdrawal.index), bigintToBytes(withdrawal.validatorIndex), withdrawal.address, bigintToBytes(withdrawal.amount)];
}

function encodeWithdrawal(withdrawal: Withdrawal): Uint8Array {
  return RLP.encode(encodeWithdrawalFields(withdrawal));
}
