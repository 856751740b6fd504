import type { Common } from '@ethereumjs/common';
import { InvalidCallError } from '../../errors/InvalidCallError.js';
import type { BlockEnvironment } from '../BlockEnvironment.js';
import type { CallRequest } from '../CallRequest.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { PrecompileEdit } from '../overrides/precompileOverrides.js';
import { runCall } from '../runCall.js';
import type { StateReader } from '../StateReader.js';
import { attachTracer } from './attachTracer.js';
import { createTracer } from './createTracer.js';
import { traceFailure } from './replayBlock.js';
import type { TraceConfig } from './TraceConfig.js';

/**
 * debug_traceCall: executes `request` on `state` as eth_call does (no nonce check, no fees unless
 * a price is given, gas capped at `gasCap`) with the configured tracer attached, and returns the
 * tracer's result. A call that cannot execute at all (e.g. the sender cannot pay the value)
 * fails with an InvalidCallError (geth's traceTx reports it as "tracing failed: <reason>").
 */
export async function traceCall(options: {
  common: Common;
  execution: ExecutionVm;
  state: StateReader;
  environment: BlockEnvironment;
  request: CallRequest;
  gasCap: bigint;
  config: TraceConfig;
  /** Precompiles a state override moved or removed (`state` already holds the override itself). */
  precompileEdits?: readonly PrecompileEdit[];
}): Promise<unknown> {
  const { common, execution, state, environment, request, gasCap, config, precompileEdits } = options;
  const tracer = createTracer(config);
  const gasLimit = request.gas !== undefined && request.gas < gasCap ? request.gas : gasCap;
  const attached = attachTracer(execution, tracer, {
    deadline: performance.now() + config.timeoutMs,
    pre: state,
    coinbase: Buffer.from(environment.coinbase).toString('hex'),
    firstLogIndex: 0,
    ...(config.heapLimitMiB === undefined ? {} : { heapLimitMiB: config.heapLimitMiB }),
  });
  let outcome: Awaited<ReturnType<typeof runCall>>;
  try {
    outcome = await runCall({ common, execution, state, environment, request, gasLimit, precompileEdits });
  } catch (error) {
    throw traceFailure(error, attached.timedOut, config.timeoutMs);
  } finally {
    attached.detach();
  }
  // runCall turns errors thrown inside the EVM (the deadline's too) into an invalid outcome.
  if (attached.timedOut) throw traceFailure(undefined, true, config.timeoutMs);
  if (outcome.invalid !== undefined) throw new InvalidCallError(outcome.invalid, 'traceCall');
  return tracer.result();
}
