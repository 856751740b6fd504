import { InvalidOverrideError } from '../../errors/InvalidOverrideError.js';
import { overriddenAddresses, type StateOverride } from './StateOverride.js';

/** One change to the EVM's precompile map that a state override asks for. */
export type PrecompileEdit = { kind: 'move'; from: string; to: string } | { kind: 'remove'; address: string };

/**
 * Checks a state override as geth's `StateOverride.Apply` does, in its order (accounts by address,
 * each in full before the next), and returns the precompile edits it implies:
 * - `movePrecompileToAddress` from an account that is not an active precompile fails, as does a
 *   move onto an account the override itself lists, or listing an account a precompile was moved to;
 * - every listed account that is a precompile stops being one (a moved precompile runs only at
 *   its new address; one given code runs that code);
 * - `state` and `stateDiff` together fail.
 * `active` holds the active precompiles' address keys; eth_createAccessList passes none (geth
 * applies its overrides without precompiles, so any move fails there).
 */
export function planPrecompileEdits(override: StateOverride, active: ReadonlySet<string>): PrecompileEdit[] {
  const edits: PrecompileEdit[] = [];
  const current = new Set(active);
  const movedTo = new Set<string>();
  for (const address of overriddenAddresses(override)) {
    const account = override.get(address)!;
    if (movedTo.has(address)) throw new InvalidOverrideError({ kind: 'overriddenByPrecompile', address: `0x${address}` });
    const isPrecompile = current.has(address);
    const target = account.movePrecompileToAddress;
    if (target !== undefined) {
      if (!isPrecompile) throw new InvalidOverrideError({ kind: 'notPrecompile', address: `0x${address}` });
      if (override.has(target)) throw new InvalidOverrideError({ kind: 'targetOverridden', address: `0x${target}` });
      edits.push({ kind: 'move', from: address, to: target });
      current.add(target);
      movedTo.add(target);
    }
    if (isPrecompile) {
      edits.push({ kind: 'remove', address });
      current.delete(address);
    }
    if (account.state !== undefined && account.stateDiff !== undefined) {
      throw new InvalidOverrideError({ kind: 'stateAndStateDiff', address: `0x${address}` });
    }
  }
  return edits;
}

/** `active` with `edits` applied, in order, as a new map (the EVM's own is left as it is). */
export function applyPrecompileEdits<Precompile>(active: ReadonlyMap<string, Precompile>, edits: readonly PrecompileEdit[]): Map<string, Precompile> {
  const original = new Map(active);
  const edited = new Map(active);
  for (const edit of edits) {
    if (edit.kind === 'remove') edited.delete(edit.address);
    else edited.set(edit.to, original.get(edit.from)!);
  }
  return edited;
}
