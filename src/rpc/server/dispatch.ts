import type { RpcBackend } from '../backend.js';
import type { ErrorDialect } from '../errors/hardhatDialect.js';
import type { JsonRpcError } from '../errors/JsonRpcError.js';
import { InternalJsonRpcError, toJsonRpcError } from '../errors/toJsonRpcError.js';
import { checkAccess } from './checkAccess.js';
import type { ClassifiedMessage, JsonRpcId } from './classifyMessage.js';
import { decodeParams } from './decodeParams.js';
import { invalidRequest, methodNotFound, requestTimedOut } from './envelopeErrors.js';
import type { MethodDefinition } from './MethodDefinition.js';
import type { MethodRegistry } from './MethodRegistry.js';
import type { RequestContext } from './RequestContext.js';
import type { RpcLogger } from './RpcLogger.js';
import type { RpcObserver } from './RpcObserver.js';
import { serializeError, serializeResult } from './serializeResponse.js';

/** What the deadline promise of {@link DispatchDeps} resolves to once the request timeout passes. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/** What {@link dispatch} needs: the methods, the node, who is calling, and where to log. */
export interface DispatchDeps {
  registry: MethodRegistry<MethodDefinition>;
  backend: RpcBackend;
  context: RequestContext;
  logger: RpcLogger;
  /** Hears of every answered call. */
  observer?: RpcObserver;
  /** Resolves when the request's time is up: calls still running are then answered -32002. */
  deadline?: Promise<typeof TIMED_OUT>;
  /** Whose words failed executions are answered in (rpc/errors/hardhatDialect.ts); default geth's. */
  errorDialect?: ErrorDialect;
}

/**
 * The answer to one message: its response text (undefined for a notification) and whether the
 * call was refused for its access tier, which the server turns into HTTP status 403.
 */
export interface DispatchOutcome {
  response: string | undefined;
  refusedForTier: boolean;
}

type CallResult = { ok: true; result: unknown } | { ok: false; error: JsonRpcError; refusedForTier: boolean };

/**
 * Serves one classified message: finds the method, checks the tier, decodes params, runs the
 * handler and serializes the answer. Never throws: every failure, including a result that is not
 * JSON, ends as an error response: domain errors are answered as the edge's table says, and
 * anything else is logged and answered with -32603 "internal error" (both via
 * {@link toJsonRpcError}), so internals never reach the client.
 * A handler still running when the deadline passes is answered -32002 "request timed out" (it
 * runs on, unobserved: JavaScript cannot cancel it).
 */
export async function dispatch(message: ClassifiedMessage, deps: DispatchDeps): Promise<DispatchOutcome> {
  if (message.kind === 'invalid') return { response: errorResponse(message.id, invalidRequest(), deps), refusedForTier: false };
  const started = performance.now();
  const outcome = await call(message.method, message.params, deps);
  const refusedForTier = !outcome.ok && outcome.refusedForTier;
  let response: string | undefined;
  let errorCode = outcome.ok ? undefined : outcome.error.code;
  let fault = !outcome.ok && outcome.error instanceof InternalJsonRpcError;
  if (message.kind === 'call') {
    if (!outcome.ok) response = errorResponse(message.id, outcome.error, deps);
    else {
      try {
        response = serializeResult(message.id, outcome.result);
      } catch (error) {
        const internalError = internal(error, message.method, deps);
        errorCode = internalError.code;
        fault = internalError instanceof InternalJsonRpcError;
        response = errorResponse(message.id, internalError, deps);
      }
    }
  }
  deps.observer?.onCall({
    method: message.method,
    registered: deps.registry.get(message.method) !== undefined,
    context: deps.context,
    durationMs: performance.now() - started,
    errorCode,
    ...(fault ? { fault } : {}),
  });
  return { response, refusedForTier };
}

async function call(method: string, params: unknown, deps: DispatchDeps): Promise<CallResult> {
  const definition = deps.registry.get(method);
  if (definition === undefined) return { ok: false, error: methodNotFound(method), refusedForTier: false };
  const refusal = checkAccess(definition, deps.context);
  if (refusal !== undefined) return { ok: false, error: refusal, refusedForTier: true };
  try {
    const args = decodeParams(params, definition.params);
    const running: unknown = definition.handler(deps.backend, args as never, deps.context, { methods: deps.registry });
    const result = deps.deadline !== undefined && running instanceof Promise ? await Promise.race([running, deps.deadline]) : await running;
    if (result === TIMED_OUT) return { ok: false, error: requestTimedOut(), refusedForTier: false };
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error: internal(error, method, deps), refusedForTier: false };
  }
}

/** toJsonRpcError, logging the cause of anything answered as an internal error. */
function internal(error: unknown, method: string, deps: DispatchDeps): JsonRpcError {
  const answer = toJsonRpcError(error, deps.errorDialect);
  if (answer instanceof InternalJsonRpcError) deps.logger.error({ err: error, method, requestId: deps.context.requestId }, `internal error in ${method}`);
  return answer;
}

/** Serializes an error; if its `data` is not JSON, logs that and answers "internal error" instead. */
function errorResponse(id: JsonRpcId, error: JsonRpcError, deps: DispatchDeps): string {
  try {
    return serializeError(id, error);
  } catch (cause) {
    deps.logger.error({ err: cause, code: error.code, requestId: deps.context.requestId }, 'error data is not JSON');
    return serializeError(id, toJsonRpcError(cause));
  }
}
