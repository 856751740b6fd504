import { setTimeout as sleep } from 'node:timers/promises';
import { type ConsumerMessages, DeliverPolicy, type JetStreamClient } from '@nats-io/jetstream';
import type { Logger } from '../primitives/logger.js';
import type { BlockProducer } from '../sequencer/BlockProducer.js';
import type { TransactionIntake } from '../txpool/TransactionIntake.js';
import { type JetStreamLog, PART_HEADER } from './JetStreamLog.js';
import { decodeLogEntry } from './LogEntry.js';

/**
 * The log no longer holds a message this node needs: retention (`--nats-log-max-age`,
 * `--nats-log-max-bytes`) dropped it while the node was behind or down. Applying what follows
 * would make another chain, so the node stops following and is not ready.
 */
export class LogRetentionGapError extends Error {
  constructor(
    readonly needed: number,
    readonly firstKept: number,
  ) {
    super(
      `the sequencer log no longer holds message ${needed} this node needs (it starts at ${firstKept}; see --nats-log-max-age and --nats-log-max-bytes): start this node on a copy of a current node's data directory`,
    );
    this.name = 'LogRetentionGapError';
  }
}

/** What this node cannot apply: following stops (unlike a consumer interrupted by NATS, which resumes). */
class CannotApply extends Error {
  constructor(readonly reason: unknown) {
    super('cannot apply the log');
  }
}

/** Pause before consuming again after the consumer ended or failed (a NATS server lost, a leader election). */
const RESUME_DELAY_MS = 250;
/**
 * A consumer silent this long while the stream has unread messages is replaced. A consumer lives
 * on one server: when that server dies, the consumer goes quiet (the client library notices only
 * after missed heartbeats, many seconds), so this decides how soon after NATS elects a new stream
 * leader a follower reads again: within STALL_MS + STALL_CHECK_MS of the first append after it.
 */
const STALL_MS = 1_000;
/** How often a consumer's silence is checked. */
const STALL_CHECK_MS = 250;
/**
 * How long the follower waits for one JetStream API answer (stream info, consumer creation). While
 * NATS elects leaders, requests go unanswered; a short wait and a new request (after
 * {@link RESUME_DELAY_MS}) find the new leaders sooner than the client's default 5 s.
 */
export const FOLLOWER_API_TIMEOUT_MS = 1_000;

/** How far a follower is behind the log's end. */
export interface FollowerLag {
  /** Messages published that this node has not applied yet. */
  messages: number;
  /** Milliseconds between the last applied message's publication and its application here. */
  ms: number;
}

/**
 * Follows the sequencer's log (a replica, a standby, a sequencer without the lease): consumes the
 * stream from the message after the last one this node applied, and applies each message through
 * the producer's own write path, so the chain, the views every read method answers from, and the
 * events subscriptions hear are those of the sequencer. Accepted transactions enter the pool
 * mirror and dropped ones leave it; sub-blocks are committed as logged; a seal is sealed here and its hash (so its state
 * root) must be the sequencer's, else the follower stops: this node's chain differs.
 */
export class LogFollower {
  private messages: ConsumerMessages | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private waiters: Array<{ sequence: number; resolve: (reached: boolean) => void; reached: () => boolean }> = [];
  private lastLag: FollowerLag = { messages: 0, ms: 0 };
  /**
   * The last stream sequence whose entry is applied in full here. Not the log's position, which
   * moves when an entry's apply starts (its commit records it): a write forwarded by this node
   * waits for this, so its answer never comes before the entry it appended is visible.
   */
  private appliedSequence = 0;
  /** The last stream sequence read, applied or not (a part of an entry whose other parts never came). */
  private seenSequence = 0;
  /** The parts read so far of an entry split over several messages. */
  private pendingParts: Uint8Array[] = [];
  /** Set when applying failed: the follower stopped and the node must not serve as if current. */
  failure: unknown;

  constructor(
    private readonly parts: {
      client: JetStreamClient;
      stream: string;
      log: JetStreamLog;
      producer: BlockProducer;
      intake: TransactionIntake;
      logger: Logger;
      /** Hears each applied message's lag (for metrics). */
      onApplied?: (lag: FollowerLag) => void;
    },
  ) {}

  /** The last stream sequence applied here. */
  get applied(): number {
    return this.appliedSequence;
  }

  /** The last stream sequence read: at least {@link applied}, more while an entry's parts are incomplete. */
  get seen(): number {
    return Math.max(this.seenSequence, this.applied);
  }

  get lag(): FollowerLag {
    return this.lastLag;
  }

  get following(): boolean {
    return this.running !== undefined;
  }

  /**
   * Starts consuming after the last applied message; fails (see {@link failure}) when the log no
   * longer holds it. Consumption that ends or fails on the NATS side (a server of the cluster
   * lost, the stream electing a new leader) starts again after the last applied message; only
   * what this node cannot apply stops it.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.stopping = false;
    // After leading, the log's end is this node's own last append.
    this.appliedSequence = this.parts.log.lastSequence;
    // The first consumer is opened before start resolves (its failure is the caller's); later ones by follow().
    const first = await this.openMessages();
    if (first === undefined) return;
    this.running = this.follow(first);
  }

  /** Stops after the message being applied. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.stopping = true;
    await this.messages?.close().catch(() => {});
    await running;
    this.running = undefined;
    this.messages = undefined;
  }

  private async follow(first: ConsumerMessages): Promise<void> {
    let opened: ConsumerMessages | undefined = first;
    while (!this.stopping && this.failure === undefined) {
      let messages: ConsumerMessages | undefined;
      try {
        messages = opened ?? (await this.openMessages());
        opened = undefined;
        if (messages === undefined) return;
        this.messages = messages;
        if (this.stopping) break;
        const watchdog = this.closeWhenStalled(messages);
        try {
          await this.applyAll(messages);
        } finally {
          clearInterval(watchdog);
        }
      } catch (error) {
        if (error instanceof CannotApply) {
          this.stopFollowing(error.reason);
          await messages?.close().catch(() => {});
          return;
        }
        if (!this.stopping) {
          this.parts.logger.warn('the log consumer was interrupted; resuming after the last applied message', { position: this.applied, error: String(error) });
        }
      }
      await messages?.close().catch(() => {});
      if (!this.stopping) await sleep(RESUME_DELAY_MS);
    }
  }

  /**
   * Closes `messages` when nothing arrived for STALL_MS although the stream holds messages this node
   * has not read: a consumer can stay silent after the server it lived on died, and closing it makes
   * follow() open a new one. Returns the timer to clear.
   */
  private closeWhenStalled(messages: ConsumerMessages): NodeJS.Timeout {
    let lastSeen = this.seen;
    let quietSince = Date.now();
    let checking = false;
    const timer = setInterval(async () => {
      if (this.seen !== lastSeen) {
        lastSeen = this.seen;
        quietSince = Date.now();
        return;
      }
      if (checking || Date.now() - quietSince < STALL_MS) return;
      checking = true;
      try {
        const { state } = await (await this.parts.client.jetstreamManager()).streams.info(this.parts.stream);
        if (state.last_seq > this.seen && this.seen === lastSeen) {
          this.parts.logger.warn('the log consumer went quiet behind the stream; consuming again', { position: this.applied, streamEnd: state.last_seq });
          await messages.close().catch(() => {});
        }
        quietSince = Date.now();
      } catch {
        // The cluster cannot answer now (a leader election): the next check asks again.
      } finally {
        checking = false;
      }
    }, STALL_CHECK_MS);
    timer.unref();
    return timer;
  }

  /** A consumer of the stream from the message after the last applied one; undefined (and stopped) if retention dropped it. */
  private async openMessages(): Promise<ConsumerMessages | undefined> {
    const { client, stream } = this.parts;
    const { state } = await (await client.jetstreamManager()).streams.info(stream);
    if (state.first_seq > this.applied + 1) {
      this.stopFollowing(new LogRetentionGapError(this.applied + 1, state.first_seq));
      return undefined;
    }
    this.seenSequence = this.applied;
    this.pendingParts = [];
    const consumer = await client.consumers.get(stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.applied + 1 });
    return consumer.consume();
  }

  /** Resolves true once message `sequence` is applied (or, with `seen`, read), false if `timeoutMs` passes first. */
  waitFor(sequence: number, timeoutMs: number, options: { seen?: boolean } = {}): Promise<boolean> {
    const reached = () => (options.seen ? this.seen : this.applied) >= sequence;
    if (reached()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { sequence, resolve, reached };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(reached());
      }, timeoutMs).unref?.();
    });
  }

  /**
   * Applies messages until the consumer ends. What this node cannot apply (a retention gap, an
   * entry that fails, a seal with another hash) is thrown as {@link CannotApply}; anything else
   * thrown comes from the consumer, and the caller resumes.
   */
  private async applyAll(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      if (message.seq <= this.applied) continue;
      // The stream is one subject, so sequences have no holes but those retention made: messages this node never applied.
      if (message.seq > this.seen + 1) throw new CannotApply(new LogRetentionGapError(this.seen + 1, message.seq));
      this.seenSequence = message.seq;
      const part = message.headers?.get(PART_HEADER);
      if (part) {
        const [index, count] = part.split('/').map(Number);
        if (index === 1) this.pendingParts = [];
        this.pendingParts.push(message.data);
        if (index !== count) {
          this.wake();
          continue;
        }
        const whole = Buffer.concat(this.pendingParts);
        this.pendingParts = [];
        await this.applyOrStop(message.seq, whole);
        this.appliedSequence = message.seq;
      } else {
        // Parts before a whole message are an append its sequencer never finished (it died): never acknowledged, dropped.
        this.pendingParts = [];
        await this.applyOrStop(message.seq, message.data);
        this.appliedSequence = message.seq;
      }
      this.seenSequence = message.seq;
      const ms = Math.max(0, Date.now() - Number(message.info.timestampNanos) / 1_000_000);
      this.lastLag = { messages: message.info.pending, ms };
      this.parts.onApplied?.(this.lastLag);
      this.wake();
    }
  }

  private async applyOrStop(sequence: number, data: Uint8Array): Promise<void> {
    try {
      await this.apply(sequence, data);
    } catch (error) {
      throw new CannotApply(error);
    }
  }

  private stopFollowing(error: unknown): void {
    this.failure = error;
    this.parts.logger.error('stopped following the log: this node cannot apply it', { position: this.applied, error });
  }

  private async apply(sequence: number, data: Uint8Array): Promise<void> {
    const { log, producer, intake } = this.parts;
    const entry = decodeLogEntry(data);
    if (entry.kind === 'transactions' || entry.kind === 'dropped') {
      await (entry.kind === 'transactions' ? intake.mirror(entry.raws) : intake.mirrorDropped(entry.hashes));
      log.applying(sequence);
      return;
    }
    log.applying(sequence);
    await producer.applyLogged(entry.commit);
  }

  private wake(): void {
    const ready = this.waiters.filter((waiter) => waiter.reached());
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve(true);
  }
}
