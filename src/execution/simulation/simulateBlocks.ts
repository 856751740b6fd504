import { type BlockHeader, createBlock, createBlockHeader } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { nextBaseFee } from '../../chain/nextBaseFee.js';
import { orderedTrieRoot } from '../../chain/trieRoot.js';
import { SimulationError } from '../../errors/SimulationError.js';
import type { Hex } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import type { BlockOpening } from '../block/BlockRules.js';
import { BlockRun } from '../block/BlockRun.js';
import { withdrawalFields } from '../block/buildBlock.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import { OverlayStateReader } from '../OverlayStateReader.js';
import { L1FeeFundsError } from '../opStack/executeWithL1Fee.js';
import { simulatedCallWithL1Fee } from '../opStack/simulatedCallL1Fee.js';
import { activePrecompileAddresses } from '../overrides/activePrecompileAddresses.js';
import { OverrideStateReader } from '../overrides/OverrideStateReader.js';
import { planPrecompileEdits } from '../overrides/precompileOverrides.js';
import { withEditedPrecompiles } from '../overrides/swapPrecompiles.js';
import { decodeRevertReason } from '../revertReason.js';
import { emptyStateChanges, mergeStateChanges, type StateChanges } from '../StateChanges.js';
import type { StateReader } from '../StateReader.js';
import { evmErrorToGethMessage } from '../vmErrors.js';
import { blobBaseFeeOf, nextExcessBlobGas } from './blobGas.js';
import { checkMessage } from './checkMessage.js';
import { type CallRun, runSimulatedCall } from './runSimulatedCall.js';
import type { SimulationRequest } from './SimulationRequest.js';
import type { StateRootTracker } from './StateRootTracker.js';
import { type PlannedBlock, sanitizeSimulatedChain } from './sanitizeSimulatedChain.js';
import { simulatedTransaction, simulatedTransactionHash } from './simulatedTransaction.js';
import { type SimulatedLog, TransferLogTracer } from './TransferLogTracer.js';

const ZERO_HASH = new Uint8Array(32);
const EMPTY_UNCLES_HASH = keccak256(RLP.encode([]));

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
  /** What each simulated block opens with, as the sequencer's next block would (an OP Stack chain's L1-attributes deposit). */
  opening?: BlockOpening;
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
  /** How many transactions the block opens with before the calls' (an OP Stack chain's L1-attributes deposit). */
  openingCount: number;
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
  const run = new BlockRun(execution, executionBlock);
  const opening = await run.start(context.opening ?? {});

  const transactions: TypedTransaction[] = [];
  const transactionHashes: Uint8Array[] = [];
  const senders: Uint8Array[] = [];
  for (const transaction of opening) {
    await run.applyTransaction(transaction);
    transactions.push(transaction);
    transactionHashes.push(transaction.hash());
    senders.push(transaction.getSenderAddress().bytes);
  }
  const calls: SimulatedCallResult[] = [];
  // Log indexes count the synthetic transfer logs too (traceTransfers), as geth's do: the tracer's count, not the block's.
  let logIndex = 0;
  const live = execution.state.asReader();
  await withEditedPrecompiles(execution, precompileEdits, async () => {
    for (const call of block.calls) {
      const remaining = draft.gasLimit - run.fold.gasUsed;
      const requested = call.gas ?? remaining;
      if (requested > remaining) throw new SimulationError({ kind: 'blockGasLimitReached', remaining, required: requested });
      const gas = requested < budget.remaining ? requested : budget.remaining;
      const from = call.from ?? new Uint8Array(20);
      const nonce = live.account(Buffer.from(from).toString('hex'))?.nonce ?? 0n;
      const { transaction, message } = simulatedTransaction(common, call, { nonce, gas, baseFee });
      const rejection = checkMessage(live, transaction, message, { common, baseFee, blobBaseFee, validate });
      if (rejection) throw new SimulationError({ kind: 'invalidMessage', rejection, suppliedGas: gas });
      const zeroFees = !validate && message.feeCap === 0n && message.tip === 0n;
      const execute = () =>
        runSimulatedCall({
          execution,
          transaction,
          executionBlock,
          live,
          gasUsedBefore: run.fold.gasUsed,
          visibleBaseFee: baseFee ?? 0n,
          zeroFees,
          tracer: new TransferLogTracer(request.traceTransfers, logIndex),
          deadline,
          timeoutMs: context.timeoutMs,
        });
      let outcome: Awaited<ReturnType<typeof execute>>;
      try {
        outcome = await simulatedCallWithL1Fee(execution, transaction, { timestamp: draft.timestamp, paysForGas: !zeroFees }, execute);
      } catch (error) {
        if (!(error instanceof L1FeeFundsError)) throw error;
        const { address, balance, want } = error;
        throw new SimulationError({
          kind: 'invalidMessage',
          rejection: { kind: 'insufficientFunds', address: address as Hex, balance, cost: want },
          suppliedGas: gas,
        });
      }
      if (outcome.gasUsed > budget.remaining) throw new SimulationError({ kind: 'gasCapExhausted', need: outcome.gasUsed, remaining: budget.remaining });
      budget.remaining -= outcome.gasUsed;
      logIndex = outcome.nextLogIndex;
      await run.transactionDone(transaction, { ...outcome, logs: outcome.receiptLogs });
      transactions.push(transaction);
      transactionHashes.push(simulatedTransactionHash(transaction));
      senders.push(from);
      calls.push(describeOutcome(outcome, gas < requested));
    }
  });

  // geth finalizes a simulated block as its consensus engine does: withdrawals, and before the merge the miner's reward.
  const { requestsHash } = await run.end({
    withdrawals: (withdrawals ?? []).map((withdrawal) => ({ address: new Address(withdrawal.address), amount: withdrawal.amount })),
  });
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
      transactionsTrie: run.fold.tries.transactionsRoot(),
      receiptTrie: run.fold.tries.receiptsRoot(),
      logsBloom: run.fold.bloom,
      gasUsed: run.fold.gasUsed,
      extraData: new Uint8Array(0),
      nonce: new Uint8Array(8),
      withdrawalsRoot: withdrawals === undefined ? undefined : orderedTrieRoot(withdrawals.map((withdrawal) => RLP.encode(withdrawalFields(withdrawal)))),
      blobGasUsed: cancun ? run.fold.blobGasUsed : undefined,
      requestsHash,
    },
    { common, skipConsensusFormatValidation: true },
  );
  const body: unknown[] = [header.raw(), transactions.map((transaction) => (transaction.type === 0 ? transaction.raw() : transaction.serialize())), []];
  if (withdrawals !== undefined) body.push(withdrawals.map(withdrawalFields));
  return {
    block: { header, transactions, transactionHashes, senders, withdrawals, calls, openingCount: opening.length, size: RLP.encode(body as never).length },
    state: after,
  };
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
