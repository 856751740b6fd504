import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { RawJson } from '../../primitives/RawJson.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import type { RequestContext } from '../server/RequestContext.js';
import type { RpcLogger } from '../server/RpcLogger.js';
import type { RpcServer } from '../server/RpcServer.js';
import type { Notify, StartSubscription, SubscriptionSession } from '../server/SubscriptionSession.js';

/** Per-connection limits (README, "Limits"). */
export interface ConnectionLimits {
  /** Most open subscriptions on one connection. */
  maxSubscriptions: number;
  /** Most bytes queued for a client that is not reading; past it the client is a slow consumer and is dropped. */
  maxBufferedBytes: number;
  /** Most requests of one connection answered at once; past it the connection is not read until one finishes. */
  maxInFlight: number;
}

/** The WebSocket close code and reason a slow consumer is dropped with (1008: policy violation). */
export const SLOW_CONSUMER_CLOSE_CODE = 1008;

/** One open subscription: how to stop it, and the notifications held until its id was answered. */
interface Subscription {
  stop: () => void;
  held: string[] | undefined;
}

/**
 * One WebSocket client: answers its JSON-RPC messages (batches included) through the RpcServer
 * and pushes its subscriptions' notifications. Everything it sends goes through {@link send},
 * which enforces the buffer bound: a client that lets more than `maxBufferedBytes` pile up is
 * closed with 1008 "slow consumer", so no client can grow the node's memory.
 */
export class WebSocketConnection {
  readonly #subscriptions = new Map<string, Subscription>();
  #inFlight = 0;
  #requestCount = 0;
  #closed = false;
  /** Set by the transport's ping round; a connection that misses a whole round is dead. */
  alive = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly rpc: RpcServer,
    private readonly context: RequestContext,
    private readonly limits: ConnectionLimits,
    private readonly logger: RpcLogger,
    private readonly onSlowConsumer: () => void,
  ) {}

  /** Answers one message; the response (if any) is sent, then subscriptions it opened go live. */
  async handleMessage(text: string): Promise<void> {
    this.#inFlight++;
    if (this.#inFlight >= this.limits.maxInFlight) this.socket.pause();
    const opened: string[] = [];
    try {
      const session = this.#sessionFor(opened);
      const reply = await this.rpc.handle(text, { ...this.context, requestId: `${this.context.requestId}-${++this.#requestCount}`, session });
      if (reply.body !== undefined) this.send(reply.body);
      for (const id of opened) this.#release(id);
    } finally {
      this.#inFlight--;
      if (this.#inFlight === this.limits.maxInFlight - 1) this.socket.resume();
    }
  }

  /** Stops every subscription (the socket closed). Idempotent. */
  dispose(): void {
    this.#closed = true;
    for (const subscription of this.#subscriptions.values()) subscription.stop();
    this.#subscriptions.clear();
  }

  /** Sends text unless the client is too far behind, in which case it is dropped as a slow consumer. */
  send(text: string): void {
    if (this.#closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount + text.length > this.limits.maxBufferedBytes) {
      this.#dropSlowConsumer();
      return;
    }
    this.socket.send(text);
  }

  #dropSlowConsumer(): void {
    if (this.#closed) return;
    this.logger.warn({ remoteAddress: this.context.remoteAddress, bufferedBytes: this.socket.bufferedAmount }, 'dropping slow websocket consumer');
    this.dispose();
    this.onSlowConsumer();
    this.socket.close(SLOW_CONSUMER_CLOSE_CODE, `slow consumer: over ${this.limits.maxBufferedBytes} bytes unread`);
    // A client that reads nothing will never take the close frame either: cut it after a grace period.
    setTimeout(() => this.socket.terminate(), 1_000).unref();
  }

  /** The session eth_subscribe sees during one request; ids it opens are recorded in `opened`. */
  #sessionFor(opened: string[]): SubscriptionSession {
    return {
      open: (start) => {
        const id = this.#open(start);
        opened.push(id);
        return id;
      },
      close: (id) => this.#close(id),
    };
  }

  #open(start: StartSubscription): string {
    if (this.#closed) throw new JsonRpcError(ErrorCodes.internal, 'connection closed');
    if (this.#subscriptions.size >= this.limits.maxSubscriptions) {
      throw new JsonRpcError(ErrorCodes.limitExceeded, `too many subscriptions: at most ${this.limits.maxSubscriptions} per connection`);
    }
    const id = newSubscriptionId();
    const subscription: Subscription = { stop: () => {}, held: [] };
    this.#subscriptions.set(id, subscription);
    const notify: Notify = (result, extraParams) => {
      if (!this.#subscriptions.has(id)) return;
      const text = notification(id, result, extraParams);
      if (subscription.held) subscription.held.push(text);
      else this.send(text);
    };
    try {
      subscription.stop = start(notify);
    } catch (error) {
      this.#subscriptions.delete(id);
      throw error;
    }
    return id;
  }

  #release(id: string): void {
    const subscription = this.#subscriptions.get(id);
    if (!subscription?.held) return;
    const held = subscription.held;
    subscription.held = undefined;
    for (const text of held) this.send(text);
  }

  #close(id: string): boolean {
    const subscription = this.#subscriptions.get(id);
    if (!subscription) return false;
    subscription.stop();
    this.#subscriptions.delete(id);
    return true;
  }
}

/** geth-style id: 16 random bytes as a hex quantity. */
function newSubscriptionId(): string {
  return `0x${randomBytes(16)
    .toString('hex')
    .replace(/^0+(?=.)/, '')}`;
}

/** `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":id,"result":…,…extra}}`. */
function notification(id: string, result: unknown, extraParams: Record<string, unknown> | undefined): string {
  const resultText = result instanceof RawJson ? result.text : JSON.stringify(result);
  let extra = '';
  if (extraParams) for (const [key, value] of Object.entries(extraParams)) extra += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":${resultText}${extra}}}`;
}
