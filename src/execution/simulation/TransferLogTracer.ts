import { keccak256 } from '../../primitives/keccak.js';
import type { ExecutionTracer, FrameEnter, FrameExit, OpcodeStep, TracedLog, TxStart } from '../tracing/ExecutionTracer.js';

/** ERC-7528's address for native ETH: the emitter of eth_simulateV1's transfer logs. */
export const NATIVE_TRANSFER_EMITTER = 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = keccak256(new TextEncoder().encode('Transfer(address,address,uint256)'));
const SELFDESTRUCT = 0xff;

/** A log a simulated call emitted (or, with transfers traced, an ETH transfer it made). */
export interface SimulatedLog {
  /** Unprefixed lower-case hex. */
  address: string;
  topics: Uint8Array[];
  data: Uint8Array;
  /** Index in the block, counting the transfer logs too. */
  index: number;
}

/**
 * The logs of a simulated call, and eth_simulateV1's `traceTransfers`, as geth's simulation tracer (internal/ethapi/logtracer.go):
 * the logs of one call in execution order, with every ETH transfer (the call's value, each CALL
 * or CREATE carrying value, a SELFDESTRUCT's balance; not DELEGATECALL or CALLCODE) recorded as a
 * `Transfer(from, to, value)` log from 0xeeee…eeee. A frame that fails takes its logs with it, and
 * a failed call keeps none. Log indices run on across the block's calls (`nextIndex`), also past
 * dropped logs, as geth's counter does.
 */
export class TransferLogTracer implements ExecutionTracer {
  /** The logs of each open frame, the outermost first. */
  private frames: SimulatedLog[][] = [];
  /** Per open frame, the transfer log of a CREATE with value, whose recipient is known only at exit. */
  private creations: Array<SimulatedLog | undefined> = [];
  private live: TxStart['live'] | undefined;

  constructor(
    /** Record ETH transfers as logs (eth_simulateV1's `traceTransfers`); the call's own logs are recorded either way. */
    private readonly traceTransfers: boolean,
    private nextIndex: number,
  ) {}

  /** The next log's index in the block (where the next call's logs start). */
  get logCount(): number {
    return this.nextIndex;
  }

  onTxStart(start: TxStart): void {
    this.frames = [];
    this.creations = [];
    this.live = start.live;
  }

  onEnter(frame: FrameEnter): void {
    this.frames.push([]);
    this.creations.push(undefined);
    if (!this.traceTransfers || frame.type === 'DELEGATECALL' || frame.type === 'CALLCODE' || frame.value === undefined || frame.value === 0n) return;
    const log = this.transfer(frame.from, frame.to ?? '00'.repeat(20), frame.value);
    // A nested CREATE's address is known only when it exits (geth derives it first): filled in then.
    if (frame.to === undefined) this.creations[this.creations.length - 1] = log;
  }

  onOpcode(step: OpcodeStep): void {
    if (!this.traceTransfers || step.op !== SELFDESTRUCT || step.stack.length === 0) return;
    const balance = this.live?.account(step.address)?.balance ?? 0n;
    if (balance > 0n) this.transfer(step.address, step.stack[step.stack.length - 1]!.toString(16).padStart(40, '0').slice(-40), balance);
  }

  onLog(log: TracedLog): void {
    this.record({ address: log.address, topics: log.topics, data: log.data, index: 0 });
  }

  onExit(frame: FrameExit): void {
    const logs = this.frames.pop() ?? [];
    const creation = this.creations.pop();
    if (creation && frame.createdAddress !== undefined) creation.topics[2] = Buffer.from(frame.createdAddress.padStart(64, '0'), 'hex');
    const parent = this.frames.at(-1);
    if (frame.error !== undefined) {
      // The frame's logs are dropped; their indices are not given again (geth's tracer counts on).
      if (parent === undefined) this.frames.push([]);
      return;
    }
    if (parent) parent.push(...logs);
    else this.frames.push(logs);
  }

  /** The call's logs, in order. */
  result(): SimulatedLog[] {
    return this.frames[0] ?? [];
  }

  private transfer(from: string, to: string, value: bigint): SimulatedLog {
    const word = (hex: string) => Buffer.from(hex.padStart(64, '0'), 'hex');
    return this.record({ address: NATIVE_TRANSFER_EMITTER, topics: [TRANSFER_TOPIC, word(from), word(to)], data: word(value.toString(16)), index: 0 });
  }

  private record(log: SimulatedLog): SimulatedLog {
    log.index = this.nextIndex++;
    this.frames.at(-1)?.push(log);
    return log;
  }
}
