import type { Common } from '@ethereumjs/common';
import type { BlockEnvironment } from '../BlockEnvironment.js';
import { activePrecompileAddresses } from './activePrecompileAddresses.js';
import { applyBlockOverrides } from './BlockOverrides.js';
import type { CallOverrides } from './CallOverrides.js';
import type { Overrides } from './Overrides.js';
import { planPrecompileEdits } from './precompileOverrides.js';

/**
 * A request's overrides made ready to run with a call, on the thread that receives the request:
 * block overrides folded into the environment, and the state override checked (geth's errors, as
 * InvalidOverrideError) with the precompile edits it implies. `precompiles: 'none'` checks it
 * against no precompiles, as geth's eth_createAccessList does.
 */
export function prepareCallOverrides(
  common: Common,
  environment: BlockEnvironment,
  overrides: Overrides | undefined,
  precompiles: 'active' | 'none' = 'active',
): { environment: BlockEnvironment; overrides: CallOverrides | undefined } {
  if (overrides === undefined) return { environment, overrides: undefined };
  const overridden = applyBlockOverrides(environment, overrides.block);
  const state = overrides.state;
  if (state === undefined || state.size === 0) return { environment: overridden, overrides: undefined };
  const active = precompiles === 'active' ? activePrecompileAddresses(common) : new Set<string>();
  return { environment: overridden, overrides: { state, precompileEdits: planPrecompileEdits(state, active) } };
}
