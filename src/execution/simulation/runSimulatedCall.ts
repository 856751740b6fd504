import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import { runTx } from '@ethereumjs/vm';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { SimulationError } from '../../errors/SimulationError.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedLog } from '../executeTransaction.js';
import { EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import { attachTracer } from '../tracing/attachTracer.js';
import type { SimulatedLog, TransferLogTracer } from './TransferLogTracer.js';

const NONCE_LIMIT = 2n ** 64n;
const EMPTY_CODE_HASH_BYTES = Buffer.from(EMPTY_CODE_HASH, 'hex');

/** What running one call produced. */
export interface CallRun {
  success: boolean;
  returnData: Uint8Array;
  gasUsed: bigint;
  maxUsedGas: bigint;
  blobGasUsed: bigint;
  logs: SimulatedLog[];
  nextLogIndex: number;
  /** The call's EVM logs, as its receipt holds them (without traceTransfers' synthetic ones). */
  receiptLogs: ExecutedLog[];
  bloom: Uint8Array;
  /** @ethereumjs's failure text, when the call failed. */
  error?: string;
}

/**
 * Runs one eth_simulateV1 call as a transaction of its block, as geth's simulator applies a message: no
 * nonce check (the nonce was filled in), a sender with code allowed, a call without fees free in a block
 * with a base fee (without validation), and the wall-time limit of the whole simulation.
 */
export async function runSimulatedCall(options: {
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
      receiptLogs: result.receipt.logs.map(([address, topics, data]) => ({ address, topics, data })),
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
