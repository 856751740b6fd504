import type { BlockEnvironment } from '../BlockEnvironment.js';
import type { CallRequest } from '../CallRequest.js';
import type { SerializedCallError } from './callJobErrors.js';

/**
 * One eth_call or eth_estimateGas, as the main thread hands it to a call worker. Every field
 * survives structured cloning (Uint8Arrays and bigints included).
 */
export interface CallJob {
  /** 'call' answers the return data; 'estimate' runs the whole gas estimation loop. */
  kind: 'call' | 'estimate';
  request: CallRequest;
  /** The state to read: a sealed block number, or NEWEST_VERSION for "pending". */
  version: number;
  /**
   * The chain's rewind epoch (ChainView.epoch): after evm_revert / anvil_reset a block number may
   * name other contents, so states memoised in an earlier epoch are not reused.
   */
  epoch: number;
  environment: BlockEnvironment;
  /** The node's gas cap for calls (--rpc-gas-cap). */
  gasCap: bigint;
}

/** What a call job answers: return data for 'call', the gas estimate for 'estimate'. */
export type CallJobResult = Uint8Array | bigint;

/** A message from the main thread to a call worker. */
export interface CallWorkerRequest {
  id: number;
  job: CallJob;
}

/** A call worker's answer to one {@link CallWorkerRequest}, or its first message `{ ready: true }` once it can take jobs. */
export type CallWorkerResponse = { ready: true } | { id: number; ok: true; value: CallJobResult } | { id: number; ok: false; error: SerializedCallError };

/** What a call worker is started with (worker_threads `workerData`). */
export interface CallWorkerData {
  dataDir: string;
  chainId: bigint;
}
