import { bytesToHex, toQuantity } from '../../primitives/hex.js';
import { decodeRevertReason } from '../revertReason.js';
import type { ExecutionTracer, FrameEnter, FrameExit, FrameType, TracedLog, TxEnd, TxStart } from './ExecutionTracer.js';

/** callTracer's `tracerConfig` (geth's callTracerConfig). */
export interface CallTracerConfig {
  /** Only the transaction's own frame, no sub-calls. */
  onlyTopCall: boolean;
  /** Add each frame's logs (with their position among its sub-calls). */
  withLog: boolean;
}

/** A log in a call frame: geth's callLog. */
export interface CallLogJson {
  address: string;
  topics: string[];
  data: string;
  /** The log's index in the block. */
  index: string;
  /** How many sub-calls of the frame ran before the log. */
  position: string;
}

/** One call frame as geth's callTracer prints it (field order included; `type` comes last). */
export interface CallFrameJson {
  from: string;
  gas: string;
  gasUsed: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrameJson[];
  logs?: CallLogJson[];
  value?: string;
  type: FrameType;
}

interface Frame {
  type: FrameType;
  from: string;
  to: string | undefined;
  input: Uint8Array;
  gas: bigint;
  gasUsed: bigint;
  value: bigint | undefined;
  output?: Uint8Array;
  error?: string;
  revertReason?: string;
  calls: Frame[];
  logs: TracedLog[];
  logPositions: number[];
}

/**
 * geth's callTracer: the tree of call frames (CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE,
 * CREATE2) with gas, gas used, input, output, value and errors; a reverted frame also gets the
 * decoded revert reason. The top frame's gas is the transaction's gas limit and its gas used the
 * receipt's. With `withLog`, logs of frames that failed (or whose ancestors failed) are dropped,
 * as they never reached the receipt.
 */
export class CallTracer implements ExecutionTracer {
  private readonly stack: Frame[] = [];
  private gasLimit = 0n;
  private depth = 0;

  constructor(private readonly config: CallTracerConfig) {}

  onTxStart(start: TxStart): void {
    this.gasLimit = start.gasLimit;
  }

  onEnter(enter: FrameEnter): void {
    this.depth = enter.depth;
    if (this.config.onlyTopCall && enter.depth > 0) return;
    this.stack.push({
      type: enter.type,
      from: enter.from,
      to: enter.to,
      input: enter.input,
      gas: enter.depth === 0 ? this.gasLimit : enter.gas,
      gasUsed: 0n,
      value: enter.value,
      calls: [],
      logs: [],
      logPositions: [],
    });
  }

  onExit(exit: FrameExit): void {
    if (exit.depth === 0) {
      if (this.stack.length === 1) finishFrame(this.stack[0]!, exit);
      return;
    }
    this.depth = exit.depth - 1;
    if (this.config.onlyTopCall || this.stack.length <= 1) return;
    const frame = this.stack.pop()!;
    frame.gasUsed = exit.gasUsed;
    finishFrame(frame, exit);
    this.stack.at(-1)!.calls.push(frame);
  }

  onLog(log: TracedLog): void {
    if (!this.config.withLog || (this.config.onlyTopCall && this.depth > 0)) return;
    const frame = this.stack.at(-1);
    if (!frame) return;
    frame.logs.push(log);
    frame.logPositions.push(frame.calls.length);
  }

  onTxEnd(end: TxEnd): void {
    const top = this.stack[0];
    if (!top) return;
    top.gasUsed = end.gasUsed;
    if (this.config.withLog) dropFailedLogs(top, false);
  }

  result(): CallFrameJson {
    const top = this.stack[0];
    if (this.stack.length !== 1 || !top) throw new Error('incorrect number of top-level calls');
    return toJson(top);
  }
}

/** geth's processOutput: output on success; on failure the error, and for a revert its data and reason. */
function finishFrame(frame: Frame, exit: FrameExit): void {
  if (exit.error === undefined) {
    frame.output = exit.output;
    if ((frame.type === 'CREATE' || frame.type === 'CREATE2') && exit.createdAddress) frame.to = exit.createdAddress;
    return;
  }
  frame.error = exit.error;
  if (frame.type === 'CREATE' || frame.type === 'CREATE2') frame.to = undefined;
  if (exit.error !== 'execution reverted' || exit.output.length === 0) return;
  frame.output = exit.output;
  if (exit.output.length < 4) return;
  const reason = decodeRevertReason(exit.output);
  if (reason !== undefined) frame.revertReason = reason;
}

function dropFailedLogs(frame: Frame, parentFailed: boolean): void {
  const failed = frame.error !== undefined || parentFailed;
  if (failed) {
    frame.logs = [];
    frame.logPositions = [];
  }
  for (const call of frame.calls) dropFailedLogs(call, failed);
}

function toJson(frame: Frame): CallFrameJson {
  const json: CallFrameJson = {
    from: `0x${frame.from}`,
    gas: toQuantity(frame.gas),
    gasUsed: toQuantity(frame.gasUsed),
    ...(frame.to === undefined ? {} : { to: `0x${frame.to}` }),
    input: bytesToHex(frame.input),
    ...(frame.output && frame.output.length > 0 ? { output: bytesToHex(frame.output) } : {}),
    ...(frame.error === undefined ? {} : { error: frame.error }),
    ...(frame.revertReason === undefined ? {} : { revertReason: frame.revertReason }),
    ...(frame.calls.length > 0 ? { calls: frame.calls.map(toJson) } : {}),
    ...(frame.logs.length > 0
      ? {
          logs: frame.logs.map((log, index) => ({
            address: `0x${log.address}`,
            topics: log.topics.map(bytesToHex),
            data: bytesToHex(log.data),
            index: toQuantity(log.index),
            position: toQuantity(frame.logPositions[index]!),
          })),
        }
      : {}),
    ...(frame.value === undefined ? {} : { value: toQuantity(frame.value) }),
    type: frame.type,
  };
  return json;
}
