/**
 * geth's state overrides (`eth_call`'s third parameter, `debug_traceCall`'s `stateOverrides`,
 * each block of `eth_simulateV1`): per account, fields to replace before the call runs. Keys are
 * unprefixed lower-case hex like every {@link StateReader} key (40 digits for addresses, 64 for
 * slots). Plain data (Maps, bigints, Uint8Arrays), so an override survives the hop to a call worker.
 */
export interface AccountOverride {
  nonce?: bigint;
  code?: Uint8Array;
  balance?: bigint;
  /** The whole storage: every slot not listed reads as zero. Not together with {@link stateDiff}. */
  state?: Map<string, Uint8Array>;
  /** Slots to set on top of the account's storage. */
  stateDiff?: Map<string, Uint8Array>;
  /** Move the precompile at this account to another address (it then runs there, and this account is plain). */
  movePrecompileToAddress?: string;
}

/** Overridden accounts by address key. */
export type StateOverride = Map<string, AccountOverride>;

/** The addresses of an override in geth's order (ascending): overrides apply, and fail, in this order. */
export function overriddenAddresses(override: StateOverride): string[] {
  return [...override.keys()].sort();
}
