import type { RpcBackend } from '../backend.js';
import { toRpcError } from '../../errors/toRpcError.js';
import { type ClassifiedMessage, classifyMessage, type JsonRpcId } from './classifyMessage.js';
import { dispatch, type DispatchDeps, type DispatchOutcome } from './dispatch.js';
import { EnvelopeErrorMessage, invalidRequest, parseError } from './envelopeErrors.js';
import type { MethodDefinition } from './MethodDefinition.js';
import { MethodRegistry } from './MethodRegistry.js';
import { parseEnvelope } from './parseEnvelope.js';
import type { RequestContext } from './RequestContext.js';
import { type RpcLogger, silentLogger } from './RpcLogger.js';
import { serializeError } from './serializeResponse.js';

/** Options of {@link RpcServer}. */
export interface RpcServerOptions {
  /** Every method the server answers; a name listed twice throws. */
  methods: readonly MethodDefinition[];
  /** The node, as handlers see it. */
  backend: RpcBackend;
  /** Most elements in one batch (geth's --rpc.batch-request-limit; Sequin's default is 1000). */
  maxBatchLength: number;
  /** Where internal errors and served calls are logged. Default: nowhere. */
  logger?: RpcLogger;
}

/**
 * The answer to one request body. `body` is undefined when nothing is to be sent (the request
 * held only notifications); the HTTP transport then replies `status` with an empty body, as geth
 * does (200, Content-Length 0). `status` is 403 when every element was refused for its access
 * tier, otherwise 200: JSON-RPC errors travel in the body, like geth.
 */
export interface RpcReply {
  body: string | undefined;
  status: number;
}

/**
 * A transport-independent JSON-RPC 2.0 server: text in, text out. Follows geth's envelope rules
 * and messages (go-ethereum `rpc/handler.go`): invalid JSON is -32700 "parse error" with id null;
 * `[]` is a single -32600 "empty batch"; a batch over `maxBatchLength` is answered by a one-element
 * array holding -32600 "batch too large" with the id of its first call; every other element is
 * judged on its own. Calls of a batch run concurrently and their responses keep request order;
 * notifications run and get no response. `handle` never rejects.
 */
export class RpcServer {
  /** The registered methods (for discovery endpoints and docs). */
  readonly methods: MethodRegistry;
  readonly #backend: RpcBackend;
  readonly #maxBatchLength: number;
  readonly #logger: RpcLogger;

  constructor(options: RpcServerOptions) {
    if (!Number.isSafeInteger(options.maxBatchLength) || options.maxBatchLength < 1) {
      throw new RangeError(`maxBatchLength must be a positive integer, got ${options.maxBatchLength}`);
    }
    this.methods = new MethodRegistry(options.methods);
    this.#backend = options.backend;
    this.#maxBatchLength = options.maxBatchLength;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Answers one request body on behalf of the client described by `context`. Never rejects. */
  async handle(body: string, context: RequestContext): Promise<RpcReply> {
    const deps: DispatchDeps = { registry: this.methods, backend: this.#backend, context, logger: this.#logger };
    try {
      const envelope = parseEnvelope(body);
      if (envelope.kind === 'invalidJson') return { body: serializeError(null, parseError()), status: 200 };
      if (envelope.kind === 'single') return reply([await dispatch(classifyMessage(envelope.message), deps)], false);
      return await this.#handleBatch(envelope.messages, deps);
    } catch (error) {
      // Unreachable by design (dispatch never throws); kept so a bug answers 500, not a hang.
      this.#logger.error({ err: error, requestId: context.requestId }, 'rpc server failure');
      return { body: serializeError(null, toRpcError(error)), status: 500 };
    }
  }

  async #handleBatch(raw: readonly unknown[], deps: DispatchDeps): Promise<RpcReply> {
    if (raw.length === 0) return { body: serializeError(null, invalidRequest(EnvelopeErrorMessage.emptyBatch)), status: 200 };
    if (raw.length > this.#maxBatchLength) {
      const error = serializeError(firstCallId(raw), invalidRequest(EnvelopeErrorMessage.batchTooLarge));
      return { body: `[${error}]`, status: 200 };
    }
    const outcomes = await Promise.all(raw.map((message) => dispatch(classifyMessage(message), deps)));
    return reply(outcomes, true);
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
