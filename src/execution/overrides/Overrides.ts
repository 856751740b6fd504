import type { BlockOverrides } from './BlockOverrides.js';
import type { StateOverride } from './StateOverride.js';

/** The overrides a request gives (geth's `StateOverride` and `BlockOverrides` parameters), both optional. */
export interface Overrides {
  state?: StateOverride;
  block?: BlockOverrides;
}
