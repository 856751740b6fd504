/**
 * Tracing (debug_trace*, eth_createAccessList). How a trace runs:
 *
 *   node/TraceService ─▶ replayBlock.traceBlockTransactions / traceCall (a pooled VM)
 *        parent state + earlier txs re-executed ─▶ attachTracer(vm, tracer) ─▶ runTx
 *        @ethereumjs events (beforeTx, beforeMessage, step, afterMessage, afterTx)
 *          ─▶ geth-shaped hooks below ─▶ StructLogger | CallTracer | PrestateTracer | AccessListTracer
 *          ─▶ tracer.result(): the JSON geth prints
 */
import type { StateReader } from '../StateReader.js';

/**
 * The hooks a tracer receives while one transaction executes: geth's tracing.Hooks, in the
 * shape Sequin's tracers need. attachTracer.ts derives them from @ethereumjs/evm's events.
 * Addresses are unprefixed lower-case hex (40 digits), as {@link StateReader} keys them.
 */
export interface ExecutionTracer {
  onTxStart?(start: TxStart): void;
  onEnter?(frame: FrameEnter): void;
  onExit?(frame: FrameExit): void;
  onOpcode?(step: OpcodeStep): void;
  /**
   * The step just reported (the last one at `depth`) failed before executing: out of gas or a
   * stack error. geth logs such a step with its error, so the struct logger annotates it.
   */
  onOpcodeFault?(depth: number, error: string): void;
  /** A LOG opcode of the current frame; `index` is the log's index in the block. */
  onLog?(log: TracedLog): void;
  onTxEnd?(end: TxEnd): void;
  /** The tracer's JSON result, as geth's tracer prints it. */
  result(): unknown;
}

/** Call frame types, named as geth's opcodes. */
export type FrameType = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2';

export interface TxStart {
  from: string;
  /** The recipient, or the address being created for a deployment. */
  to: string;
  isCreate: boolean;
  gasLimit: bigint;
  value: bigint;
  input: Uint8Array;
  coinbase: string;
  /** Authorities of an EIP-7702 authorization list whose signature recovers. */
  authorities: string[];
  /** The state before the transaction, unchanging while it runs. */
  pre: StateReader;
  /** The state as execution changes it (read it only inside hooks). */
  live: StateReader;
}

export interface FrameEnter {
  /** 0 for the transaction's own frame. */
  depth: number;
  type: FrameType;
  from: string;
  /** Callee (for DELEGATECALL/CALLCODE the code's address); undefined for a CREATE until it exits. */
  to: string | undefined;
  input: Uint8Array;
  gas: bigint;
  /** Undefined for STATICCALL, which carries no value. */
  value: bigint | undefined;
}

export interface FrameExit {
  depth: number;
  output: Uint8Array;
  gasUsed: bigint;
  /** geth's error text when the frame failed ("execution reverted", "out of gas", ...). */
  error?: string;
  /** The address a CREATE/CREATE2 frame created. */
  createdAddress?: string;
}

export interface OpcodeStep {
  pc: number;
  op: number;
  /** geth's opcode name. */
  name: string;
  /** Gas left before the opcode. */
  gas: bigint;
  /** Gas the opcode costs as geth counts it (a call's cost includes the gas it forwards). */
  cost: bigint;
  /** geth's depth: 1 for the transaction's frame. */
  depth: number;
  /** Bottom first; the top of the stack is the last element. */
  stack: bigint[];
  memory: Uint8Array;
  /** The account whose storage the frame uses. */
  address: string;
  refund: bigint;
  /** The return data of the frame's last call. */
  returnData: Uint8Array;
}

export interface TracedLog {
  address: string;
  topics: Uint8Array[];
  data: Uint8Array;
  index: number;
}

export interface TxEnd {
  /** Gas used by the transaction (after refunds), as its receipt says. */
  gasUsed: bigint;
  output: Uint8Array;
  error?: string;
  /** The state after the transaction. */
  post: StateReader;
}
