import type { StateReader } from '../StateReader.js';
import { OverrideStateReader } from './OverrideStateReader.js';
import type { PrecompileEdit } from './precompileOverrides.js';
import type { StateOverride } from './StateOverride.js';

/**
 * The overrides one call runs with, as they travel with it (to a call worker too): the state
 * override, and the precompile edits it implies, already checked on the way in
 * ({@link planPrecompileEdits}). Block overrides are folded into the call's BlockEnvironment.
 */
export interface CallOverrides {
  state?: StateOverride;
  precompileEdits?: readonly PrecompileEdit[];
}

/** `state` with the call's state override on top (`state` itself without one). */
export function overriddenState(state: StateReader, overrides: CallOverrides | undefined): StateReader {
  return overrides?.state === undefined || overrides.state.size === 0 ? state : new OverrideStateReader(state, overrides.state);
}
