import type { CallRequest } from '../CallRequest.js';
import type { BlockOverrides } from '../overrides/BlockOverrides.js';
import type { StateOverride } from '../overrides/StateOverride.js';

/** One call of a simulated block: a transaction call object, with the fields a call object may also carry. */
export interface SimulatedCall extends CallRequest {
  chainId?: bigint;
  maxFeePerBlobGas?: bigint;
  blobVersionedHashes?: Uint8Array[];
}

/** One block of eth_simulateV1's `blockStateCalls`: overrides applied before it, then its calls in order. */
export interface SimulatedBlockRequest {
  blockOverrides?: BlockOverrides;
  stateOverrides?: StateOverride;
  calls: SimulatedCall[];
}

/** eth_simulateV1's first parameter. */
export interface SimulationRequest {
  blockStateCalls: SimulatedBlockRequest[];
  /** Report ETH transfers as ERC-20-like Transfer logs from 0xeeee…eeee (ERC-7528). */
  traceTransfers: boolean;
  /** Check nonces and fees as a real block would (otherwise the base fee defaults to 0 and nonces are not checked). */
  validation: boolean;
  returnFullTransactions: boolean;
}

/** geth's limits (internal/ethapi/simulate.go). */
export const MAX_SIMULATED_BLOCKS = 256;
export const MAX_CALLS_PER_SIMULATED_BLOCK = 5000;
export const MAX_SIMULATED_CALLS = 10_000;
/** Seconds between simulated blocks whose time is not given. */
export const SIMULATED_TIMESTAMP_INCREMENT = 12n;
