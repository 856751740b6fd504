import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from '../primitives/logger.js';
import type { AccessTier } from '../rpc/server/AccessTier.js';
import type { RpcServer } from '../rpc/server/RpcServer.js';
import type { ForwardedAnswer, ForwardedCall } from './ForwardedCall.js';

const encoder = new TextEncoder();

/**
 * The sequencer's side of write forwarding: answers the followers' forwarded calls on the
 * fleet's write subject by running them through this node's own RPC server, so a client of a
 * replica gets exactly the sequencer's result or error. Subscribed only while this node
 * sequences (a queue group, so one sequencer answers even while two briefly overlap).
 */
export class WriteResponder {
  private subscription: Subscription | undefined;

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
        void this.answer(message.json<ForwardedCall>()).then((answer) => message.respond(encoder.encode(JSON.stringify(answer))));
      },
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  private async answer(call: ForwardedCall): Promise<ForwardedAnswer> {
    if (!this.sequencing()) return { notSequencing: true };
    const body = call.kind === 'body' ? call.body : JSON.stringify({ jsonrpc: '2.0', id: 1, method: call.method, params: call.params });
    const reply = await this.rpc().handle(body, { tier: call.tier as AccessTier, requestId: 'forwarded' });
    return { response: reply.body ?? '', position: this.position(), readPosition: this.readPosition() };
  }
}
