import type { EVM } from '@ethereumjs/evm';

/**
 * The prototype of @ethereumjs/evm's interpreter, which the package does not export; cacheJumpAnalysis and
 * runStateOutOfResults wrap its methods once per process. An execution result carries its interpreter
 * (`runState.interpreter`), so one tiny run of `evm` gives it. Asked for once: afterwards a run's result no
 * longer carries the interpreter (runStateOutOfResults.ts).
 */
export interface InterpreterPrototype {
  _getValidJumpDestinations(this: { _evm: object }, code: Uint8Array): unknown;
  run(this: object, code: Uint8Array, opts?: object): Promise<InterpreterRunResult>;
}

/** What the interpreter's `run` answers its caller, `EVM.runInterpreter`. */
export interface InterpreterRunResult {
  runState: object;
  exceptionError?: unknown;
}

/** STOP: the smallest code to run, to get hold of an interpreter. */
const STOP = Uint8Array.from([0x00]);

let known: InterpreterPrototype | undefined;

/** The interpreter's prototype; undefined if a run's result does not carry its interpreter. */
export async function interpreterPrototypeOf(evm: EVM): Promise<InterpreterPrototype | undefined> {
  if (known) return known;
  const result = await evm.runCode({ code: STOP, gasLimit: 100n });
  const interpreter = (result.runState as { interpreter?: object } | undefined)?.interpreter;
  if (!interpreter) return undefined;
  known = Object.getPrototypeOf(interpreter) as InterpreterPrototype;
  return known;
}
