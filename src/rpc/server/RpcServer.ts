import type { RpcBackend } from '../backend.js';
import type { ErrorDialect } from '../errors/hardhatDialect.js';
import type { JsonRpcError } from '../errors/JsonRpcError.js';
import { toJsonRpcError } from '../errors/toJsonRpcError.js';
import { type ClassifiedMessage, classifyMessage, type JsonRpcId } from './classifyMessage.js';
import { type DispatchDeps, type DispatchOutcome, dispatch, TIMED_OUT } from './dispatch.js';
import { EnvelopeErrorMessage, invalidRequest, nestingTooDeep, parseError, rateLimited, responseTooLarge } from './envelopeErrors.js';
import type { MethodDefinition } from './MethodDefinition.js';
import { MethodRegistry } from './MethodRegistry.js';
import { DEFAULT_MAX_NESTING_DEPTH, parseEnvelope } from './parseEnvelope.js';
import type { RequestContext } from './RequestContext.js';
import { type RpcLogger, silentLogger } from './RpcLogger.js';
import type { RpcObserver } from './RpcObserver.js';
import { serializeError } from './serializeResponse.js';

/** Options of {@link RpcServer}. */
export interface RpcServerOptions {
  /** Every method the server answers; a name listed twice throws. */
  methods: readonly MethodDefinition[];
  /** The node, as handlers see it. */
  backend: RpcBackend;
  /** Most elements in one batch (geth's --rpc.batch-request-limit; Sequin's default is 1000). */
  maxBatchLength: number;
  /**
   * Largest answer to one batch, in bytes (geth's --rpc.batch-response-max-size, 25 MB): once the
   * answers so far exceed it, every call still to finish is answered -32003 "response too large".
   * Default: no cap. A single call's answer is never capped.
   */
  maxBatchResponseBytes?: number;
  /** Deepest nesting of arrays and objects in a body (-32600 beyond). Default 64. */
  maxNestingDepth?: number;
  /**
   * Time one request body may take, in ms: calls still running then are answered -32002
   * "request timed out" (geth's code and words). Default: no timeout.
   */
  requestTimeoutMs?: number;
  /** Where internal errors are logged. Default: nowhere. */
  logger?: RpcLogger;
  /** Hears of every answered call (metrics, per-call logs). */
  observer?: RpcObserver;
  /** Whose words failed executions are answered in: geth's (default) or, under `--compat hardhat`, Hardhat's. */
  errorDialect?: ErrorDialect;
}

/**
 * The answer to one request body. `body` is undefined when nothing is to be sent (the request
 * held only notifications); the HTTP transport then replies `status` with an empty body, as geth
 * does (200, Content-Length 0). `status` is 403 when every element was refused for its access
 * tier, 429 when the client's rate limit refused the request, otherwise 200: JSON-RPC errors
 * travel in the body, like geth. `headers` are HTTP headers to add (Retry-After with a 429).
 */
export interface RpcReply {
  body: string | undefined;
  status: number;
  headers?: Record<string, string>;
}

/**
 * A transport-independent JSON-RPC 2.0 server: text in, text out. Follows geth's envelope rules
 * and messages (go-ethereum `rpc/handler.go`): invalid JSON is -32700 "parse error" with id null;
 * `[]` is a single -32600 "empty batch"; a batch over `maxBatchLength` is answered by a one-element
 * array holding -32600 "batch too large" with the id of its first call; every other element is
 * judged on its own. Calls of a batch run concurrently and their responses keep request order;
 * notifications run and get no response. Before any call runs, the client's rate limit
 * (`context.callBudget`) is charged one per element. `handle` never rejects.
 */
export class RpcServer {
  /** The registered methods (for discovery endpoints and docs). */
  readonly methods: MethodRegistry<MethodDefinition>;
  readonly #options: RpcServerOptions;
  readonly #logger: RpcLogger;

  constructor(options: RpcServerOptions) {
    if (!Number.isSafeInteger(options.maxBatchLength) || options.maxBatchLength < 1) {
      throw new RangeError(`maxBatchLength must be a positive integer, got ${options.maxBatchLength}`);
    }
    this.methods = new MethodRegistry(options.methods);
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Answers one request body on behalf of the client described by `context`. Never rejects. */
  async handle(body: string, context: RequestContext): Promise<RpcReply> {
    const timeout = startDeadline(this.#options.requestTimeoutMs);
    const deps: DispatchDeps = {
      registry: this.methods,
      backend: this.#options.backend,
      context,
      logger: this.#logger,
      observer: this.#options.observer,
      deadline: timeout?.deadline,
      errorDialect: this.#options.errorDialect,
    };
    try {
      const maxDepth = this.#options.maxNestingDepth ?? DEFAULT_MAX_NESTING_DEPTH;
      const envelope = parseEnvelope(body, maxDepth);
      if (envelope.kind === 'invalidJson') return { body: serializeError(null, parseError()), status: 200 };
      if (envelope.kind === 'tooDeep') return { body: serializeError(null, nestingTooDeep(maxDepth)), status: 200 };
      if (envelope.kind === 'single') {
        const message = classifyMessage(envelope.message);
        return this.#refuseOverBudget([message], false, context) ?? reply([await dispatch(message, deps)], false);
      }
      return await this.#handleBatch(envelope.messages, deps);
    } catch (error) {
      // Unreachable by design (dispatch never throws); kept so a bug answers 500, not a hang.
      this.#logger.error({ err: error, requestId: context.requestId }, 'rpc server failure');
      return { body: serializeError(null, toJsonRpcError(error)), status: 500 };
    } finally {
      timeout?.cancel();
    }
  }

  async #handleBatch(raw: readonly unknown[], deps: DispatchDeps): Promise<RpcReply> {
    if (raw.length === 0) return { body: serializeError(null, invalidRequest(EnvelopeErrorMessage.emptyBatch)), status: 200 };
    if (raw.length > this.#options.maxBatchLength) {
      const error = serializeError(firstCallId(raw), invalidRequest(EnvelopeErrorMessage.batchTooLarge));
      return { body: `[${error}]`, status: 200 };
    }
    const messages = raw.map(classifyMessage);
    const refusal = this.#refuseOverBudget(messages, true, deps.context);
    if (refusal) return refusal;
    const cap = this.#options.maxBatchResponseBytes;
    if (cap === undefined) return reply(await Promise.all(messages.map((message) => dispatch(message, deps))), true);
    // Count answers as they finish; past the cap, later ones are swapped for a short error so
    // the memory held for this batch stays near the cap whatever the calls return.
    let answeredBytes = 0;
    const outcomes = await Promise.all(
      messages.map(async (message): Promise<DispatchOutcome> => {
        const outcome = await dispatch(message, deps);
        if (outcome.response === undefined || message.kind !== 'call') return outcome;
        if (answeredBytes > cap) return { response: serializeError(message.id, responseTooLarge()), refusedForTier: false };
        answeredBytes += outcome.response.length;
        return outcome;
      }),
    );
    return reply(outcomes, true);
  }

  /** Charges the client's rate limit one call per message; on refusal, the 429 reply to send. */
  #refuseOverBudget(messages: readonly ClassifiedMessage[], batch: boolean, context: RequestContext): RpcReply | undefined {
    const decision = context.callBudget?.take(messages.length);
    if (decision === undefined || decision.ok) return undefined;
    const error: JsonRpcError = rateLimited(decision.message, decision.retryAfterSeconds);
    const responses = messages.flatMap((message) => (message.kind === 'notification' ? [] : [serializeError(message.id, error)]));
    const headers = { 'Retry-After': String(decision.retryAfterSeconds) };
    if (responses.length === 0) return { body: undefined, status: 429, headers };
    return { body: batch ? `[${responses.join(',')}]` : responses[0], status: 429, headers };
  }
}

/** Joins outcomes into one reply: an array for a batch, the bare response for a single message. */
function reply(outcomes: readonly DispatchOutcome[], batch: boolean): RpcReply {
  const responses = outcomes.flatMap((outcome) => (outcome.response === undefined ? [] : [outcome.response]));
  const status = outcomes.every((outcome) => outcome.refusedForTier) ? 403 : 200;
  if (responses.length === 0) return { body: undefined, status };
  return { body: batch ? `[${responses.join(',')}]` : responses[0], status };
}

/** geth answers "batch too large" with the id of the batch's first call, or null if it has none. */
function firstCallId(raw: readonly unknown[]): JsonRpcId {
  for (const message of raw) {
    const classified: ClassifiedMessage = classifyMessage(message);
    if (classified.kind === 'call') return classified.id;
  }
  return null;
}

/** A promise that resolves to TIMED_OUT after `ms`, and its cancel; undefined for no timeout. */
function startDeadline(ms: number | undefined): { deadline: Promise<typeof TIMED_OUT>; cancel: () => void } | undefined {
  if (ms === undefined || ms <= 0) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return { deadline, cancel: () => clearTimeout(timer) };
}
