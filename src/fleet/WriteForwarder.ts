import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../primitives/logger.js';
import { ErrorCodes, errorCodeEntry } from '../rpc/errors/errorCodes.js';
import { JsonRpcError } from '../rpc/errors/JsonRpcError.js';
import { decodeParams } from '../rpc/server/decodeParams.js';
import type { MethodDefinition } from '../rpc/server/MethodDefinition.js';
import type { ForwardedAnswer, ForwardedCall } from './ForwardedCall.js';
import { isForwardedWrite } from './forwardedWrites.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Pause between attempts while no sequencer answers (a takeover in progress). */
const RETRY_PAUSE_MS = 100;
/**
 * How long one attempt waits for the sequencer's answer before asking again (with the same id,
 * so the sequencer answers it once). A request or answer that died with a NATS server is simply
 * never answered: without this, the client would wait the whole RPC timeout for it.
 */
export const FORWARD_ATTEMPT_MS = 1_000;

/** What a forwarder needs of the follower: wait until the log position a write reached is applied here. */
export interface AppliedPosition {
  waitFor(sequence: number, timeoutMs: number): Promise<boolean>;
}

/**
 * The follower's side of write forwarding: sends a write to whichever node sequences (NATS
 * request on the fleet's write subject), waits until this node has applied the log up to the
 * position the write reached — so a tx submitted here is in this node's `pending` when the call
 * returns — and answers the sequencer's result, or its error with the same code, message and data.
 * While no sequencer answers (a takeover, or a NATS server lost with the request), it asks again,
 * with the same id, every {@link FORWARD_ATTEMPT_MS} until `timeoutMs` has passed.
 */
export class WriteForwarder {
  /** Calls forwarded so far, by outcome (for metrics). */
  readonly counts = { ok: 0, error: 0, unavailable: 0 };

  constructor(
    private readonly connection: NatsConnection,
    private readonly subject: string,
    private readonly applied: AppliedPosition,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
  ) {}

  /** Forwards one write; resolves to the sequencer's result or throws its error. */
  async forward(call: Omit<ForwardedCall & { kind: 'call' }, 'id'>): Promise<unknown> {
    const answer = await this.ask({ ...call, id: randomUUID() });
    const response = JSON.parse(answer.response) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (response.error) {
      this.counts.error++;
      const entry = errorCodeEntry(response.error.code) ?? ErrorCodes.internal;
      throw new JsonRpcError(entry, response.error.message, response.error.data === undefined ? {} : { data: response.error.data });
    }
    this.counts.ok++;
    return response.result ?? null;
  }

  /** Has the sequencer answer a whole request body (a read this node is too far behind for). */
  async forwardBody(body: string, tier: string): Promise<{ body: string; position: string }> {
    const answer = await this.ask({ kind: 'body', body, tier, id: randomUUID() });
    this.counts.ok++;
    return { body: answer.response, position: answer.readPosition };
  }

  /** Asks whichever node sequences until one answers, then waits until this node applied what the call appended. */
  private async ask(call: ForwardedCall): Promise<Exclude<ForwardedAnswer, { notSequencing: true }>> {
    const deadline = Date.now() + this.timeoutMs;
    const request = encoder.encode(JSON.stringify(call));
    while (true) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let answer: ForwardedAnswer;
      try {
        const reply = await this.connection.request(this.subject, request, { timeout: Math.min(left, FORWARD_ATTEMPT_MS) });
        answer = JSON.parse(decoder.decode(reply.data)) as ForwardedAnswer;
      } catch (error) {
        // No responders (no sequencer right now) or no answer in time: ask again while time is left.
        this.logger.debug('forwarded call not answered; retrying', { call: call.kind === 'call' ? call.method : 'body', error });
        if (!isTimeout(error)) await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_PAUSE_MS, Math.max(0, deadline - Date.now()))));
        continue;
      }
      if ('notSequencing' in answer) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        continue;
      }
      await this.applied.waitFor(answer.position, Math.max(0, deadline - Date.now()));
      return answer;
    }
    this.counts.unavailable++;
    throw new JsonRpcError(ErrorCodes.internal, 'no sequencer is available; try again');
  }
}

/**
 * The method list of a fleet node: each forwarded write runs here while this node sequences and
 * is forwarded otherwise. Its parameters are decoded by the node that runs it, so a forwarded
 * call fails exactly as on the sequencer.
 */
export function withForwardedWrites(
  methods: readonly MethodDefinition[],
  options: { sequencing: () => boolean; forwarder: WriteForwarder },
): MethodDefinition[] {
  return methods.map((method) => {
    if (!isForwardedWrite(method.name)) return method;
    const passThrough = method.params.map((param) => ({ name: param.name, decode: (value: unknown) => value, optional: true }));
    return {
      ...method,
      params: passThrough,
      handler: (backend, raw, context, server) => {
        const params = trimTrailingAbsent(raw as unknown[]);
        if (options.sequencing()) return method.handler(backend, decodeParams(params, method.params) as never, context, server);
        return options.forwarder.forward({ kind: 'call', method: method.name, params, tier: context.tier });
      },
    } satisfies MethodDefinition;
  });
}

/** The params as the client sent them: optional ones it left out are not sent on. */
function trimTrailingAbsent(params: unknown[]): unknown[] {
  let end = params.length;
  while (end > 0 && params[end - 1] === undefined) end--;
  return params.slice(0, end);
}

/** True for a request that got no answer in time (as opposed to "no responders", answered at once). */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
