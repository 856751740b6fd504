import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from '../primitives/logger.js';
import type { AccessTier } from '../rpc/server/AccessTier.js';
import type { RpcServer } from '../rpc/server/RpcServer.js';
import type { ForwardedAnswer, ForwardedCall } from './ForwardedCall.js';

const encoder = new TextEncoder();
/** How long an answer is kept for a follower that asks again with the same id: past any forwarded call's deadline. */
const ANSWERS_KEPT_MS = 120_000;

/**
 * The sequencer's side of write forwarding: answers the followers' forwarded calls on the
 * fleet's write subject by running them through this node's own RPC server, so a client of a
 * replica gets exactly the sequencer's result or error. Subscribed only while this node
 * sequences (a queue group, so one sequencer answers even while two briefly overlap).
 *
 * A follower that got no answer in time asks again with the same call id: the call runs once, and
 * every asking gets its answer (while it runs, or for {@link ANSWERS_KEPT_MS} after).
 */
export class WriteResponder {
  private subscription: Subscription | undefined;
  /** Answers by call id, running or given, with when they were asked first. */
  private readonly answers = new Map<string, { answer: Promise<ForwardedAnswer>; askedAt: number }>();

  constructor(
    private readonly connection: NatsConnection,
    private readonly subject: string,
    private readonly rpc: () => RpcServer,
    private readonly position: () => number,
    private readonly readPosition: () => string,
    private readonly sequencing: () => boolean,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.subscription) return;
    this.subscription = this.connection.subscribe(this.subject, {
      queue: 'sequencer',
      callback: (error, message) => {
        if (error) return this.logger.warn('write subject failed', { error });
        void this.answerOnce(message.json<ForwardedCall>()).then((answer) => message.respond(encoder.encode(JSON.stringify(answer))));
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  /** The answer to `call`, run once per id. */
  private answerOnce(call: ForwardedCall): Promise<ForwardedAnswer> {
    const now = Date.now();
    for (const [id, { askedAt }] of this.answers) {
      if (now - askedAt < ANSWERS_KEPT_MS) break;
      this.answers.delete(id);
    }
    const known = this.answers.get(call.id);
    if (known) return known.answer;
    const answer = this.answer(call);
    // A follower asking a node that no longer sequences asks again, and that answer must not stick.
    void answer.then(
      (given) => {
        if ('notSequencing' in given) this.answers.delete(call.id);
      },
      () => this.answers.delete(call.id),
    );
    this.answers.set(call.id, { answer, askedAt: now });
    return answer;
  }

  private async answer(call: ForwardedCall): Promise<ForwardedAnswer> {
    if (!this.sequencing()) return { notSequencing: true };
    const body = call.kind === 'body' ? call.body : JSON.stringify({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params });
    const reply = await this.rpc().handle(body, { tier: call.tier as AccessTier, requestId: 'forwarded' });
    return { response: reply.body ?? '', position: this.position(), readPosition: this.readPosition() };
  }
}
