import { StructLogTooLargeError } from '../../errors/StructLogTooLargeError.js';
import { bytesToHex } from '../../primitives/hex.js';
import type { StateReader } from '../StateReader.js';
import type { ExecutionTracer, OpcodeStep, TxEnd, TxStart } from './ExecutionTracer.js';
import { OP } from './opcodeNames.js';
import { MAX_STRUCT_LOG_BYTES, type StructLoggerConfig } from './TraceConfig.js';

/**
 * One struct log entry as geth prints it (logger.structLogLegacy, field order included). Memory
 * words and storage keys and values are 0x-prefixed, as geth prints them since 1.17.3.
 */
export interface StructLogEntry {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: string[];
  returnData?: string;
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
}

/** geth's struct logger result (logger.ExecutionResult). */
export interface StructLoggerResult {
  gas: number;
  failed: boolean;
  /** 0x-prefixed, as geth prints it since 1.15.6 (earlier: bare hex); "0x" for failures other than reverts. */
  returnValue: string;
  structLogs: StructLogEntry[];
}

/**
 * geth's default tracer: one entry per executed opcode with pc, name, gas before it, its cost,
 * depth, and (per config) the stack, memory, return data and the storage the contract has read
 * or written so far in this transaction (a snapshot on each SLOAD and SSTORE). An opcode that
 * fails before executing (out of gas, stack errors) carries the error.
 */
export class StructLogger implements ExecutionTracer {
  private readonly entries: StructLogEntry[] = [];
  /** Slots each contract has read or written, by address: geth's per-transaction storage view. */
  private readonly storage = new Map<string, Map<string, string>>();
  /** Index of the latest entry at each depth, for attaching a fault to it. */
  private readonly latestAtDepth: number[] = [];
  private live: StateReader | undefined;
  private limitedSize = 0;
  private estimatedSize = 0;
  private end: TxEnd | undefined;

  constructor(private readonly config: StructLoggerConfig) {}

  onTxStart(start: TxStart): void {
    this.live = start.live;
  }

  onOpcode(step: OpcodeStep): void {
    const { config } = this;
    if (config.limit > 0 && this.limitedSize > config.limit) return;
    const entry: StructLogEntry = { pc: step.pc, op: step.name, gas: Number(step.gas), gasCost: Number(step.cost), depth: step.depth, error: undefined };
    if (!config.disableStack) entry.stack = step.stack.map((value) => `0x${value.toString(16)}`);
    if (config.enableReturnData && step.returnData.length > 0) entry.returnData = bytesToHex(step.returnData);
    if (config.enableMemory && step.memory.length > 0) entry.memory = memoryWords(step.memory);
    if (!config.disableStorage && (step.op === OP.SLOAD || step.op === OP.SSTORE)) entry.storage = this.storageSnapshot(step);
    if (step.refund > 0n) entry.refund = Number(step.refund);
    this.latestAtDepth[step.depth] = this.entries.length;
    this.entries.push(entry);
    this.estimatedSize += estimatedJsonSize(entry);
    // geth's limit counts the bytes of the entries' JSON.
    if (config.limit > 0) this.limitedSize += JSON.stringify(entry).length;
    const maxBytes = config.maxBytes ?? MAX_STRUCT_LOG_BYTES;
    if (this.estimatedSize > maxBytes) throw new StructLogTooLargeError(maxBytes);
  }

  onOpcodeFault(depth: number, error: string): void {
    const index = this.latestAtDepth[depth];
    if (index !== undefined) this.entries[index]!.error = error;
  }

  onTxEnd(end: TxEnd): void {
    this.end = end;
  }

  result(): StructLoggerResult {
    const end = this.end;
    const failed = end?.error !== undefined;
    const returnValue = failed && end?.error !== 'execution reverted' ? '0x' : bytesToHex(end?.output ?? new Uint8Array(0));
    return { gas: Number(end?.gasUsed ?? 0n), failed, returnValue, structLogs: this.entries };
  }

  /** Records the slot an SLOAD reads (its current value) or an SSTORE writes, and returns the contract's slots so far. */
  private storageSnapshot(step: OpcodeStep): Record<string, string> | undefined {
    const stack = step.stack;
    const top = stack.length - 1;
    if (top < 0 || (step.op === OP.SSTORE && top < 1)) return undefined;
    let slots = this.storage.get(step.address);
    if (!slots) {
      slots = new Map();
      this.storage.set(step.address, slots);
    }
    const slot = word(stack[top]!);
    if (step.op === OP.SLOAD)
      slots.set(
        `0x${slot}`,
        `0x${Buffer.from(this.live?.storage(step.address, slot) ?? [])
          .toString('hex')
          .padStart(64, '0')}`,
      );
    else slots.set(`0x${slot}`, `0x${word(stack[top - 1]!)}`);
    return Object.fromEntries(slots);
  }
}

/** Memory as geth prints it: 32-byte words, 0x-prefixed, the last one zero-padded. */
function memoryWords(memory: Uint8Array): string[] {
  const words: string[] = [];
  for (let offset = 0; offset < memory.length; offset += 32) {
    const chunk = Buffer.from(memory.subarray(offset, offset + 32)).toString('hex');
    words.push(`0x${chunk.padEnd(64, '0')}`);
  }
  return words;
}

function word(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/** Roughly how many bytes of JSON an entry takes (cheaper than serialising every step). */
function estimatedJsonSize(entry: StructLogEntry): number {
  let size = 70 + entry.op.length;
  if (entry.stack) for (const value of entry.stack) size += value.length + 3;
  if (entry.memory) size += entry.memory.length * 69;
  if (entry.storage) size += Object.keys(entry.storage).length * 138;
  if (entry.returnData) size += entry.returnData.length + 16;
  return size;
}
