import type { Logger } from '../../primitives/logger.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import type { CallRecord, RpcObserver } from '../server/RpcObserver.js';
import type { NodeMetrics } from './NodeMetrics.js';

/**
 * The outcome label of a call: ok, refused (tier), timeout, internal_error (a fault of the node), or
 * error (any other JSON-RPC error, Hardhat's -32603 for a failed execution among them).
 */
export function callOutcome(errorCode: number | undefined, fault = false): 'ok' | 'refused' | 'timeout' | 'internal_error' | 'error' {
  if (errorCode === undefined) return 'ok';
  if (errorCode === ErrorCodes.methodNotSupported.code) return 'refused';
  if (errorCode === ErrorCodes.requestTimedOut.code) return 'timeout';
  if (fault) return 'internal_error';
  return 'error';
}

/**
 * Counts and times every answered call in the node's metrics, and logs it: at info level with
 * `--log-rpc` (like Anvil's per-call log), else at debug level. A log line holds the method, the
 * outcome, the time taken, the request id, the client's address and the name of its API key,
 * never the key or the params. `logRpc` is read at every call: anvil_setLoggingEnabled switches
 * it while the node runs.
 */
export function createRpcCallObserver(metrics: NodeMetrics, logger: Logger, options: { logRpc: boolean | { readonly enabled: boolean } }): RpcObserver {
  const { logRpc } = options;
  const info = logger.info.bind(logger);
  const debug = logger.debug.bind(logger);
  return {
    onCall({ method, registered, context, durationMs, errorCode, fault }: CallRecord) {
      // An unknown method is a string the client chose: never a label, or labels would grow without bound.
      const label = registered ? method : 'unknown';
      const outcome = callOutcome(errorCode, fault);
      metrics.rpcCalls.inc({ method: label, tier: context.tier, outcome });
      metrics.rpcCallDuration.observe({ method: label, tier: context.tier }, durationMs / 1000);
      const log = (typeof logRpc === 'boolean' ? logRpc : logRpc.enabled) ? info : debug;
      log(`rpc ${registered ? method : 'unknown method'}`, {
        method: registered ? method : method.slice(0, 64),
        outcome,
        ...(errorCode === undefined ? {} : { code: errorCode }),
        ms: Math.round(durationMs * 100) / 100,
        tier: context.tier,
        requestId: context.requestId,
        client: context.remoteAddress,
        ...(context.keyName === undefined ? {} : { key: context.keyName }),
      });
    },
  };
}
