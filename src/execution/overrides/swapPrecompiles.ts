import type { ExecutionVm } from '../createExecutionVm.js';
import { applyPrecompileEdits, type PrecompileEdit } from './precompileOverrides.js';

/** The EVM's precompile map (a private field of @ethereumjs/evm, read by `getPrecompile` and runTx's warm set). */
type PrecompileHolder = { _precompiles: Map<string, unknown> };

/**
 * Runs `work` with the VM's precompiles edited by a state override (moved or removed), and puts
 * the VM's own map back afterwards, so a pooled VM serves the next call unchanged.
 */
export async function withEditedPrecompiles<T>(execution: ExecutionVm, edits: readonly PrecompileEdit[] | undefined, work: () => Promise<T>): Promise<T> {
  if (edits === undefined || edits.length === 0) return work();
  const evm = execution.vm.evm as unknown as PrecompileHolder;
  const original = evm._precompiles;
  evm._precompiles = applyPrecompileEdits(original, edits);
  try {
    return await work();
  } finally {
    evm._precompiles = original;
  }
}
