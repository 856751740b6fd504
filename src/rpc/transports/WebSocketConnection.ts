import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { classifyMessage } from '../server/classifyMessage.js';
import { parseEnvelope } from '../server/parseEnvelope.js';
import type { RequestContext } from '../server/RequestContext.js';
import type { RpcLogger } from '../server/RpcLogger.js';
import type { RpcServer } from '../server/RpcServer.js';
import type { Notify, StartSubscription, SubscriptionSession } from '../server/SubscriptionSession.js';
import { serializeError } from '../server/serializeResponse.js';
import type { ConnectionAccess } from './ConnectionAccess.js';
import type { FlushScheduler } from './FlushScheduler.js';
import type { BudgetedConsumer, OutboundBudget } from './OutboundBudget.js';
import { isWritten, type QueuedNotifications, queuedNotifications, takeNotificationText } from './subscriptionNotification.js';

/** Per-connection limits (docs/reference/limits.md). */
export interface ConnectionLimits {
  /** Most open subscriptions on one connection. */
  maxSubscriptions: number;
  /** Most bytes queued for a client that is not reading; past it the client is a slow consumer and is dropped. */
  maxBufferedBytes: number;
  /** Most requests of one connection answered at once; past it the connection is not read until one finishes. */
  maxInFlight: number;
}

/** What a connection shares with the others of its transport. */
export interface ConnectionShared {
  rpc: RpcServer;
  limits: ConnectionLimits;
  logger: RpcLogger;
  /** The node's bound on bytes queued for all clients. */
  budget: OutboundBudget;
  /** Writes queued output outside the code that queued it. */
  scheduler: FlushScheduler;
  onSlowConsumer: () => void;
}

/** The WebSocket close code a slow consumer is dropped with (1008: policy violation). */
export const SLOW_CONSUMER_CLOSE_CODE = 1008;
/** The close code of a connection whose access was withdrawn (its API key revoked): 1008, policy violation. */
export const ACCESS_REVOKED_CLOSE_CODE = 1008;

/** Output is handed to the socket while it holds less than this beyond what the kernel took; then it waits for 'drain' in our queue. */
const SOCKET_HIGH_WATER_BYTES = 256 * 1024;
/** Bytes of frames corked into one write. */
const WRITE_BATCH_BYTES = 64 * 1024;

/** One open subscription: how to stop it, and the notifications held until its id was answered. */
interface Subscription {
  stop: () => void;
  held: QueuedNotifications[] | undefined;
}

type Outgoing = string | QueuedNotifications;

/**
 * One WebSocket client: answers its JSON-RPC messages (batches included) through the RpcServer
 * and pushes its subscriptions' notifications.
 *
 * Access is decided again before every message (`reauthorize`): a key created since the upgrade
 * makes a keyless connection public, and a revoked key is refused as a new connection would be:
 * each call of the message is answered -32600 `invalid or revoked API key`, then the connection
 * is closed with 1008 and that reason, which ends its subscriptions.
 *
 * Output goes through a queue: an event's notifications are queued as one entry, the batch every
 * subscriber of the event shares, while the sequencer announces it, and written later by the
 * {@link FlushScheduler}, only while the socket takes them (a client that stops reading costs one
 * queue entry per event and subscription, never a serialization). Everything queued or buffered counts against `maxBufferedBytes` for this client
 * and against the node's {@link OutboundBudget}; past either, the client is dropped as a slow
 * consumer (close 1008), so no client can grow the node's memory.
 */
export class WebSocketConnection implements BudgetedConsumer {
  readonly #subscriptions = new Map<string, Subscription>();
  readonly #queue: Outgoing[] = [];
  #queueHead = 0;
  #queuedBytes = 0;
  /** The socket's buffered bytes when last looked at (counted in the budget). */
  #socketBytes = 0;
  /** The socket took nothing more at the last flush: output waits for 'drain'. */
  #stalled = false;
  #inFlight = 0;
  #requestCount = 0;
  #closed = false;
  #whenIdle: (() => void) | undefined;
  /** Set by the transport's ping round; a connection that misses a whole round is dead. */
  alive = true;
  /** The tier the client had at its last message (or the upgrade): what the transport's slot reservation counts. */
  tier: RequestContext['tier'];

  constructor(
    private readonly socket: WebSocket,
    /** The TCP socket under `socket`: corked while a batch of frames is written, so they leave in one write. */
    private readonly rawSocket: Socket,
    /** The client's access now: decided again from the upgrade request before each message. */
    private readonly reauthorize: () => ConnectionAccess,
    private readonly shared: ConnectionShared,
    /** The tier granted at the upgrade. */
    tier: RequestContext['tier'],
  ) {
    this.tier = tier;
    shared.budget.join(this);
    rawSocket.on('drain', () => this.#onDrain());
  }

  /** Bytes this client holds: queued here and buffered in its socket. */
  get heldBytes(): number {
    return this.#queuedBytes + this.#socketBytes;
  }

  /** True while the socket is full (the client is not reading what it was sent). */
  get stalled(): boolean {
    return this.#stalled;
  }

  /** Requests being answered. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Answers one message; the response (if any) is sent, then subscriptions it opened go live. */
  async handleMessage(text: string): Promise<void> {
    const { limits, rpc } = this.shared;
    this.#inFlight++;
    if (this.#inFlight >= limits.maxInFlight) this.socket.pause();
    const opened: string[] = [];
    try {
      const access = this.reauthorize();
      const requestId = `${access.ok ? (access.context.requestId ?? 'ws') : 'ws'}-${++this.#requestCount}`;
      if (!access.ok) {
        this.#refuseAndClose(text, access.message);
        return;
      }
      this.tier = access.context.tier;
      const session = this.#sessionFor(opened);
      const context: RequestContext = { ...access.context, requestId, session };
      const reply = await rpc.handle(text, context);
      if (reply.body !== undefined) this.send(reply.body);
      for (const id of opened) this.#release(id);
    } finally {
      this.#inFlight--;
      if (this.#inFlight === limits.maxInFlight - 1) this.socket.resume();
      if (this.#inFlight === 0) this.#whenIdle?.();
    }
  }

  /** Stops reading and resolves once every request being answered is answered (for a graceful shutdown). */
  stopReading(): Promise<void> {
    this.socket.pause();
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#whenIdle = resolve;
    });
  }

  /**
   * Checks the client's access without a message (a key was revoked while it only listens):
   * a connection that lost it is closed as a message would have found.
   */
  recheckAccess(): void {
    if (this.#closed) return;
    const access = this.reauthorize();
    if (!access.ok) this.#closeForAccess(access.message);
  }

  /** Stops every subscription and drops what is queued (the socket closed). Idempotent. */
  dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const subscription of this.#subscriptions.values()) subscription.stop();
    this.#subscriptions.clear();
    this.#dropQueue();
    this.#setSocketBytes(0);
    this.shared.scheduler.forget(this);
    this.shared.budget.leave(this);
  }

  /** Queues a response (or any text) to be sent, unless the client is too far behind. */
  send(text: string): void {
    this.#enqueue(text, text.length);
  }

  /** Drops the client as a slow consumer: close 1008, and cut a second later if it cannot even take the close frame. */
  dropAsSlowConsumer(reason: string): void {
    if (this.#closed) return;
    const { logger, onSlowConsumer } = this.shared;
    logger.warn({ remoteAddress: this.#remoteAddress(), heldBytes: this.heldBytes }, 'dropping slow websocket consumer');
    this.dispose();
    onSlowConsumer();
    this.socket.close(SLOW_CONSUMER_CLOSE_CODE, reason);
    setTimeout(() => this.socket.terminate(), 1_000).unref();
  }

  /**
   * Writes queued output until done, the socket is full, or `deadline` (called by the
   * FlushScheduler). Frames are written in corked batches, so each batch leaves in one write; the
   * socket counts as full when, after a batch, it still holds {@link SOCKET_HIGH_WATER_BYTES} the
   * kernel did not take.
   */
  flush(deadline: number): 'done' | 'blocked' | 'more' {
    if (this.#closed || this.socket.readyState !== this.socket.OPEN) {
      this.#dropQueue();
      return 'done';
    }
    let outcome: 'done' | 'blocked' | 'more' = 'done';
    let released = 0;
    while (this.#queueHead < this.#queue.length) {
      if (this.socket.bufferedAmount >= SOCKET_HIGH_WATER_BYTES) {
        this.#stalled = true;
        outcome = 'blocked';
        break;
      }
      if (performance.now() >= deadline) {
        outcome = 'more';
        break;
      }
      released += this.#writeBatch();
    }
    this.#compactQueue();
    this.#queuedBytes -= released;
    this.shared.budget.change(-released);
    this.#setSocketBytes(this.socket.bufferedAmount);
    if (this.#stalled) this.#dropIfOverBound();
    return outcome;
  }

  /**
   * Writes up to {@link WRITE_BATCH_BYTES} of queued output in one corked write (a batch of
   * notifications may be written over several); returns the queued bytes it released.
   */
  #writeBatch(): number {
    let written = 0;
    this.rawSocket.cork();
    try {
      while (this.#queueHead < this.#queue.length && written < WRITE_BATCH_BYTES) {
        const entry = this.#queue[this.#queueHead]!;
        if (typeof entry === 'string') {
          written += entry.length;
          this.socket.send(entry);
        } else {
          while (!isWritten(entry) && written < WRITE_BATCH_BYTES) {
            const text = takeNotificationText(entry);
            written += text.length;
            this.socket.send(text);
          }
          if (!isWritten(entry)) break;
        }
        this.#queue[this.#queueHead++] = '';
      }
    } finally {
      this.rawSocket.uncork();
    }
    return written;
  }

  /**
   * Queues output. A client whose socket still takes data is only ever behind by what was queued
   * since the last flush (one sub-block's notifications, say); one whose socket is full is not
   * reading, and is dropped once what it holds passes `maxBufferedBytes`.
   */
  #enqueue(entry: Outgoing, bytes: number): void {
    if (this.#closed || this.socket.readyState !== this.socket.OPEN) return;
    this.#queue.push(entry);
    this.#queuedBytes += bytes;
    // May drop this very connection, if it holds the most of the node's budget.
    this.shared.budget.change(bytes);
    if (this.#closed) return;
    if (this.#stalled) this.#dropIfOverBound();
    else this.shared.scheduler.mark(this);
  }

  /** Drops the client if it holds more than its bound; true if it did. */
  #dropIfOverBound(): boolean {
    const { maxBufferedBytes } = this.shared.limits;
    if (this.#queuedBytes + this.#socketBytes <= maxBufferedBytes) return false;
    this.dropAsSlowConsumer(`slow consumer: over ${maxBufferedBytes} bytes unread`);
    return true;
  }

  #onDrain(): void {
    this.#stalled = false;
    this.#setSocketBytes(this.socket.bufferedAmount);
    if (this.#queueHead < this.#queue.length) this.shared.scheduler.mark(this);
  }

  #setSocketBytes(bytes: number): void {
    const delta = bytes - this.#socketBytes;
    this.#socketBytes = bytes;
    if (delta !== 0) this.shared.budget.change(delta);
  }

  #dropQueue(): void {
    if (this.#queuedBytes !== 0) this.shared.budget.change(-this.#queuedBytes);
    this.#queue.length = 0;
    this.#queueHead = 0;
    this.#queuedBytes = 0;
  }

  /** Drops the sent prefix of the queue once it is long, so the array does not grow without end. */
  #compactQueue(): void {
    if (this.#queueHead === this.#queue.length) {
      this.#queue.length = 0;
      this.#queueHead = 0;
    } else if (this.#queueHead > 1024 && this.#queueHead * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#queueHead);
      this.#queueHead = 0;
    }
  }

  /** Answers every call of `text` with the access refusal, then closes the connection. */
  #refuseAndClose(text: string, message: string): void {
    const error = new JsonRpcError(ErrorCodes.invalidRequest, message);
    const envelope = parseEnvelope(text);
    const messages = envelope.kind === 'single' ? [envelope.message] : envelope.kind === 'batch' ? envelope.messages : [];
    const answers = messages.map(classifyMessage).flatMap((message) => (message.kind === 'notification' ? [] : [serializeError(message.id, error)]));
    if (answers.length > 0) this.send(envelope.kind === 'batch' ? `[${answers.join(',')}]` : answers[0]!);
    else if (envelope.kind !== 'single' && envelope.kind !== 'batch') this.send(serializeError(null, error));
    this.#closeForAccess(message);
  }

  /** Ends the subscriptions and closes with 1008 and the refusal as reason, once queued answers are out. */
  #closeForAccess(message: string): void {
    if (this.#closed) return;
    this.shared.logger.info({ remoteAddress: this.#remoteAddress() }, `closing websocket: ${message}`);
    for (const subscription of this.#subscriptions.values()) subscription.stop();
    this.#subscriptions.clear();
    // Answers still queued go first: close after the next flush.
    this.flush(Number.POSITIVE_INFINITY);
    this.dispose();
    this.socket.close(ACCESS_REVOKED_CLOSE_CODE, message);
    setTimeout(() => this.socket.terminate(), 1_000).unref();
  }

  #remoteAddress(): string | undefined {
    return this.rawSocket.remoteAddress;
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
    const { maxSubscriptions } = this.shared.limits;
    if (this.#closed) throw new JsonRpcError(ErrorCodes.internal, 'connection closed');
    if (this.#subscriptions.size >= maxSubscriptions) {
      throw new JsonRpcError(ErrorCodes.limitExceeded, `too many subscriptions: at most ${maxSubscriptions} per connection`);
    }
    const id = newSubscriptionId();
    const subscription: Subscription = { stop: () => {}, held: [] };
    this.#subscriptions.set(id, subscription);
    const notify: Notify = (batch) => {
      if (this.#closed || !this.#subscriptions.has(id) || batch.length === 0) return;
      const queued = queuedNotifications(id, batch);
      if (subscription.held) subscription.held.push(queued);
      else this.#enqueue(queued, queued.bytes);
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
    for (const queued of held) this.#enqueue(queued, queued.bytes);
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
