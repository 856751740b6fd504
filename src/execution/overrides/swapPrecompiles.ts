import type { ExecutionVm } from '../createExecutionVm.js';
import { applyPrecompileEdits, type PrecompileEdit } from './precompileOverrides.js';

/** The EVM's precompile map (a private field of @ethereumjs/evm, read by `getPrecompile` and runTx's warm set). */
type PrecompileHolder = { _precompiles: Map<string, unknown> };

/**
 * Runs `work` with the VM's precompiles edited by a state override (moved or removed), and puts
 * the VM's own map back afterwards, so a pooled VM serves the next call unchanged.
 *
 * The edited map is in place only while a message runs: runTx warms every address of the map
 * before its call (EIP-2929), and geth warms the chain's own precompiles there, even one an
 * override moved away (and not its new address). So each transaction starts with the chain's map
 * and its outermost message switches to the edited one.
 */
export async function withEditedPrecompiles<T>(execution: ExecutionVm, edits: readonly PrecompileEdit[] | undefined, work: () => Promise<T>): Promise<T> {
  if (edits === undefined || edits.length === 0) return work();
  const evm = execution.vm.evm as unknown as PrecompileHolder;
  const events = execution.vm.evm.events;
  if (!events) throw new Error('the EVM does not emit events');
  const original = evm._precompiles;
  const edited = applyPrecompileEdits(original, edits);
  let depth = 0;
  const enter = () => {
    if (depth++ === 0) evm._precompiles = edited;
  };
  const leave = () => {
    if (--depth === 0) evm._precompiles = original;
  };
  events.on('beforeMessage', enter);
  events.on('afterMessage', leave);
  try {
    return await work();
  } finally {
    events.off('beforeMessage', enter);
    events.off('afterMessage', leave);
    evm._precompiles = original;
  }
}
