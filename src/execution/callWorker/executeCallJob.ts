import type { Common } from '@ethereumjs/common';
import { commonAt } from '../../config/ScheduledCommon.js';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import type { BlockEnvironment } from '../BlockEnvironment.js';
import type { CallRequest } from '../CallRequest.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import { estimateGas, revertError } from '../estimateGas.js';
import { type CallOverrides, overriddenState } from '../overrides/CallOverrides.js';
import { runCall } from '../runCall.js';
import { codeOf, type StateReader } from '../StateReader.js';
import { EvmFailure } from '../vmErrors.js';

/** Lends an execution VM to `work` for its duration (a VmPool, or a worker's own VM). */
export type UseVm = <T>(work: (execution: ExecutionVm) => Promise<T>) => Promise<T>;

/** What {@link executeCall} and {@link executeEstimate} need: the same on the main thread and in a call worker. */
export interface ExecuteCallOptions {
  common: Common;
  use: UseVm;
  state: StateReader;
  environment: BlockEnvironment;
  request: CallRequest;
  /** The node's gas cap for calls (--rpc-gas-cap). */
  gasCap: bigint;
  /** State override and precompile edits (geth's third parameter); the environment already holds block overrides. */
  overrides?: CallOverrides;
}

/**
 * eth_call on `state`: the return data, or an InvalidCallError (the call cannot run), an
 * ExecutionRevertedError (with the revert bytes) or an ExecutionFailedError (out of gas, bad
 * opcode, …). The gas is the request's, capped at `gasCap` (which is also the default).
 */
export async function executeCall(options: ExecuteCallOptions): Promise<Uint8Array> {
  const { common, environment, request, gasCap, overrides } = options;
  const state = overriddenState(options.state, overrides);
  const precompileEdits = overrides?.precompileEdits;
  const gasLimit = request.gas !== undefined && request.gas < gasCap ? request.gas : gasCap;
  const outcome = await options.use((execution) => runCall({ common, execution, state, environment, request, gasLimit, precompileEdits }));
  if (outcome.invalid) throw new InvalidCallError(outcome.invalid, 'call');
  if (!outcome.success) {
    if (outcome.error === EvmFailure.reverted) throw revertError(outcome.returnData, 'call');
    throw new ExecutionFailedError(outcome.error ?? 'execution failed');
  }
  return outcome.returnData;
}

/** eth_estimateGas on `state`: geth's estimation loop ({@link estimateGas}) over {@link runCall}. */
export async function executeEstimate(options: ExecuteCallOptions): Promise<bigint> {
  const { common, environment, request, overrides } = options;
  const state = overriddenState(options.state, overrides);
  const precompileEdits = overrides?.precompileEdits;
  const from = request.from ? hexKey(request.from) : '00'.repeat(20);
  const isPlainTransfer = isPlainTransferOn(state, request);
  return estimateGas({
    run: (gasLimit) =>
      options.use((execution) =>
        runCall({ common, execution, state, environment, request: { ...request, gas: gasLimit }, gasLimit, precompileEdits, watchGasLimit: true }),
      ),
    gasLimit: estimateUpperBound(common, environment, request),
    gasCap: options.gasCap,
    feeCap: request.gasPrice ?? request.maxFeePerGas ?? 0n,
    balance: state.account(from)?.balance ?? 0n,
    value: request.value ?? 0n,
    isPlainTransfer,
  });
}

/**
 * The estimate's upper bound before the sender's funds and the gas cap: the request's gas, or the
 * block's gas limit; under Osaka at most EIP-7825's transaction gas limit, as geth's estimator caps it
 * (no transaction may use more).
 */
function estimateUpperBound(common: Common, environment: BlockEnvironment, request: CallRequest): bigint {
  const requested = request.gas !== undefined && request.gas >= 21_000n ? request.gas : environment.gasLimit;
  const rules = commonAt(common, environment);
  if (!rules.isActivatedEIP(7825)) return requested;
  const transactionCap = rules.param('maxTransactionGasLimit');
  return requested > transactionCap ? transactionCap : requested;
}

function hexKey(address: Uint8Array): string {
  return Buffer.from(address).toString('hex');
}

/** True when the call sends no data (and no authorizations) to an address without code: a value transfer. */
export function isPlainTransferOn(state: StateReader, request: CallRequest): boolean {
  if (request.to === undefined || request.to === null) return false;
  if ((request.data?.length ?? 0) > 0 || (request.authorizationList?.length ?? 0) > 0) return false;
  return codeOf(state, hexKey(request.to)).length === 0;
}
