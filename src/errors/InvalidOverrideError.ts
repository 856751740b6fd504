import { SequinError } from './SequinError.js';

/** What is wrong with a state or block override (geth's `override` package refusals). */
export type OverrideProblem =
  /** `movePrecompileToAddress` on an account that is not a precompile. */
  | { kind: 'notPrecompile'; address: string }
  /** A precompile moved onto an account the same override also changes. */
  | { kind: 'targetOverridden'; address: string }
  /** An account the override changes after a precompile was moved onto it. */
  | { kind: 'overriddenByPrecompile'; address: string }
  /** Both `state` and `stateDiff` for one account. */
  | { kind: 'stateAndStateDiff'; address: string }
  /** `beaconRoot` or `withdrawals` outside eth_simulateV1. */
  | { kind: 'blockOverrideNotSupported'; field: 'beaconRoot' | 'withdrawals' };

/**
 * A state or block override that cannot be applied. Addresses are 0x-prefixed lower-case; the RPC
 * edge words them as geth does (checksummed).
 */
export class InvalidOverrideError extends SequinError {
  readonly kind = 'invalidOverride';

  constructor(readonly problem: OverrideProblem) {
    super(`invalid override: ${problem.kind}`);
  }
}
