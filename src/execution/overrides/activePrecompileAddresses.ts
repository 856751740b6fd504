import type { Common } from '@ethereumjs/common';
import { getActivePrecompiles } from '@ethereumjs/evm';

const cache = new WeakMap<Common, { hardfork: string; addresses: ReadonlySet<string> }>();

/** The address keys of the precompiles active under `common`'s current hardfork (what a state override may move). */
export function activePrecompileAddresses(common: Common): ReadonlySet<string> {
  const cached = cache.get(common);
  if (cached?.hardfork === common.hardfork()) return cached.addresses;
  const addresses = new Set(getActivePrecompiles(common).keys());
  cache.set(common, { hardfork: common.hardfork(), addresses });
  return addresses;
}
