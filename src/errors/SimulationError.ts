import type { MessageRejection } from './MessageRejection.js';
import { SequinError } from './SequinError.js';

/** What eth_simulateV1 (or testing_buildBlockV1) refuses, as geth's `simulator` does. */
export type SimulationProblem =
  | { kind: 'emptyInput' }
  | { kind: 'tooManyBlocks' }
  | { kind: 'tooManyCallsInBlock'; calls: number; max: number }
  | { kind: 'tooManyCalls'; calls: number; max: number }
  /** A block number not above the one before it. */
  | { kind: 'blockNumberOrder'; number: bigint; previous: bigint }
  /** A timestamp not above the one before it. */
  | { kind: 'blockTimestampOrder'; timestamp: bigint; previous: bigint }
  /** A call asking for more gas than its block has left. */
  | { kind: 'blockGasLimitReached'; remaining: bigint; required: bigint }
  /** The calls together used more gas than --rpc-gas-cap allows one request. */
  | { kind: 'gasCapExhausted'; need: bigint; remaining: bigint }
  /** A call's `chainId` is not the chain's. */
  | { kind: 'chainIdMismatch'; have: bigint; want: bigint }
  /** Both `gasPrice` and 1559 fee fields. */
  | { kind: 'mixedFeeFields' }
  /** A call that cannot be applied; `suppliedGas` is its gas limit (geth appends it). */
  | { kind: 'invalidMessage'; rejection: MessageRejection; suppliedGas: bigint }
  /** testing_buildBlockV1: the parent is not the head. */
  | { kind: 'parentNotHead' }
  /** testing_buildBlockV1: a timestamp not above the parent's. */
  | { kind: 'invalidTimestamp'; parent: bigint; given: bigint }
  /** testing_buildBlockV1: a transaction that cannot be included (geth's words, no "err:" wrapper). */
  | { kind: 'invalidBlockTransaction'; rejection: MessageRejection };

/**
 * eth_simulateV1's and testing_buildBlockV1's refusals. Each problem has its geth code at the RPC
 * edge (the -38xxx range of the execution-apis spec, -32602, -32000).
 */
export class SimulationError extends SequinError {
  readonly kind = 'simulation';

  constructor(readonly problem: SimulationProblem) {
    super(`simulation refused: ${problem.kind}`);
  }
}
