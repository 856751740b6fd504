import type { EVM } from '@ethereumjs/evm';
import { type InterpreterRunResult, interpreterPrototypeOf } from './interpreterPrototype.js';

const patched = new WeakSet<object>();

/** What a spread finds on the run state the interpreter answers: no own properties. */
const NOTHING_TO_COPY = Object.freeze({});

/**
 * Keeps the interpreter's run state out of @ethereumjs/evm's execution results, where it cost every call
 * frame ~20 µs and its share of the old generation's garbage.
 *
 * `EVM.runInterpreter` ends each frame with `runState: { ...interpreterRes.runState, ...result, ...env }`.
 * On Node 20's V8 an object spread after another spread never reuses a hidden class: every frame built a
 * fresh map, with a descriptor array, for each of that object's ~38 properties in turn (in one thread,
 * 2,000 runs made 1,989 different maps, and a frame of a contract that only STOPs cost 48 µs instead of
 * 12). The maps live in the old generation and keep the frame's young objects alive through scavenges:
 * ~25 KB per frame promoted, whatever the code, collected only by full GCs (docs/benchmarks.md).
 *
 * Nothing reads that object but `runInterpreter` itself, for the run's gasLeft, gasRefund and
 * stateGasSpilled (`ExecResult.runState` is optional and undocumented). So the interpreter's `run` answers
 * a view of its run state that reads through to it and has no own properties: the spread copies only the
 * frame's result and environment, whose hidden classes are reused, and `execResult.runState` no longer
 * carries the stack, memory or interpreter. Once per process; idempotent.
 */
export async function keepRunStateOutOfResults(evm: EVM): Promise<void> {
  const prototype = await interpreterPrototypeOf(evm);
  if (!prototype || patched.has(prototype) || typeof prototype.run !== 'function') return;
  patched.add(prototype);
  const run = prototype.run;
  prototype.run = async function (code, opts) {
    const result: InterpreterRunResult = await run.call(this, code, opts);
    const runState = result.runState as Record<PropertyKey, unknown>;
    return { runState: new Proxy(NOTHING_TO_COPY, { get: (_, key) => runState[key] }), exceptionError: result.exceptionError };
  };
}
