import { randomUUID } from 'node:crypto';
import { JetStreamApiError, type JetStreamClient } from '@nats-io/jetstream';
import { headers, type MsgHdrs } from '@nats-io/transport-node';
import { FleetLogUnavailableError } from '../errors/FleetLogUnavailableError.js';
import { FleetUnsupportedError } from '../errors/FleetUnsupportedError.js';
import { NotLeadingError } from '../errors/NotLeadingError.js';
import type { Hex } from '../primitives/hex.js';
import type { Logger } from '../primitives/logger.js';
import type { LoggedCommit, SequencerLog } from '../sequencer/SequencerLog.js';
import type { Storage, WriteBatch } from '../storage/Storage.js';
import type { PoolTransaction } from '../txpool/PoolTransaction.js';
import { encodeLogEntry, type LogEntry } from './LogEntry.js';

/** The record key of the last log message this node's chain holds. */
export const LOG_POSITION_KEY = 'fleet:logPosition';

/** JetStream's "wrong last sequence" API error: someone else appended (the fence). */
const WRONG_LAST_SEQUENCE = 10071;
/**
 * Largest message body published: a larger entry (a sub-block of hundreds of txs) goes in parts,
 * each a message of its own with a {@link PART_HEADER}, well under NATS's default 1 MiB payload.
 */
export const MAX_MESSAGE_BYTES = 512 * 1024;
/** Header of a part of an entry split over several messages: `INDEX/COUNT`, from 1. */
export const PART_HEADER = 'Sequin-Part';
/**
 * How long the log keeps trying to publish one message (each attempt with the same message id, so
 * a retry is harmless) before it gives up: long enough for a 3-server cluster that lost the
 * stream's leader to elect another (NATS's raft election timeout is 4 to 9 s), short of a client's patience.
 */
const PUBLISH_DEADLINE_MS = 10_000;
/** Wait for one attempt's acknowledgement; a slower one is tried again. */
const PUBLISH_ATTEMPT_TIMEOUT_MS = 2_000;
/** Pause between attempts that failed at once (no responders while the stream has no leader). */
const PUBLISH_RETRY_PAUSE_MS = 100;

/** Thrown by appends of a node that may not append (it follows, or another sequencer took over). */
export { NotLeadingError };

type Mode = { kind: 'follow' } | { kind: 'lead'; term: string } | { kind: 'fenced' };

interface WaitingTransaction {
  raw: Uint8Array;
  settle: (error?: unknown) => void;
}

/**
 * The sequencer's log on a JetStream stream ({@link SequencerLog}). While this node leads, every
 * append is published with a message id (a retry after a lost ack is harmless: JetStream drops
 * the duplicate) and the stream's expected last sequence: the fence. An append that finds another
 * writer's message at the end fails, the log is fenced for good, and {@link onFenced} tells the
 * node to step down; nothing the fenced append carried is committed or published.
 *
 * Appends run one message at a time, in call order. Transactions accepted while a message is in
 * flight wait and go together in the next one (group commit), so a burst of submissions costs one
 * round trip to a majority of the cluster, not one each.
 *
 * While this node follows, appends are refused ({@link NotLeadingError}) and {@link notePosition}
 * records the message the follower is applying.
 */
export class JetStreamLog implements SequencerLog {
  private mode: Mode = { kind: 'follow' };
  /** The stream sequence this node's chain (and, while leading, the log's end) has reached. */
  private position = 0;
  private messageNumber = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private waiting: WaitingTransaction[] = [];
  private groupQueued = false;
  /** Called once when an append hits the fence. */
  onFenced: (error: unknown) => void = () => {};

  constructor(
    private readonly client: JetStreamClient,
    private readonly subject: string,
    private readonly logger: Logger,
  ) {}

  /** Reads how far this node's chain follows the log (its storage is opened after the log is made). */
  restorePosition(storage: Storage): void {
    this.position = storage.getRecord<number>(LOG_POSITION_KEY) ?? 0;
  }

  /** The last stream sequence this node applied or appended. */
  get lastSequence(): number {
    return this.position;
  }

  get leading(): boolean {
    return this.mode.kind === 'lead';
  }

  /** Starts appending after `lastSequence`, the end of the stream this node has applied. */
  lead(lastSequence: number): void {
    this.position = lastSequence;
    this.mode = { kind: 'lead', term: randomUUID() };
  }

  /** Stops appending (after a fence too); the follower sets positions with {@link applying}. */
  follow(): void {
    this.mode = { kind: 'follow' };
  }

  /** The follower is applying message `sequence`: the next commit records it. */
  applying(sequence: number): void {
    this.position = sequence;
  }

  recordAccepted(transaction: PoolTransaction): Promise<void> {
    if (this.mode.kind !== 'lead') return Promise.reject(new NotLeadingError(this.mode.kind));
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ raw: transaction.raw, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.groupQueued) {
        this.groupQueued = true;
        this.enqueue(() => this.publishGroup());
      }
    });
  }

  async recordDropped(hashes: readonly Hex[]): Promise<void> {
    if (hashes.length === 0) return;
    this.assertLeading();
    const entry: LogEntry = { kind: 'dropped', hashes: [...hashes] };
    await this.enqueue(() => this.publish(entry));
  }

  /**
   * Appends one producer commit. Refused unless this node leads: a step that was under way when
   * the node stepped down must not commit what the log does not hold (followers would miss it,
   * and this node's chain would part from the log's).
   */
  async append(commit: LoggedCommit): Promise<void> {
    this.assertLeading();
    const entry: LogEntry = { kind: 'commit', commit };
    await this.enqueue(() => this.publish(entry));
  }

  /** The log carries no rewind: on a fleet it would leave every follower on the old chain. */
  async beforeRewind(): Promise<void> {
    throw new FleetUnsupportedError('rewind');
  }

  notePosition(batch: WriteBatch): void {
    batch.putRecord(LOG_POSITION_KEY, this.position);
  }

  private assertLeading(): void {
    if (this.mode.kind !== 'lead') throw new NotLeadingError(this.mode.kind);
  }

  /** Runs `step` after every append queued before it. */
  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const result = this.tail.then(step);
    this.tail = result.catch(() => {});
    return result;
  }

  private async publishGroup(): Promise<void> {
    const group = this.waiting;
    this.waiting = [];
    this.groupQueued = false;
    try {
      await this.publish({ kind: 'transactions', raws: group.map((waiting) => waiting.raw) });
      for (const waiting of group) waiting.settle();
    } catch (error) {
      for (const waiting of group) waiting.settle(error);
    }
  }

  /** Publishes one message after the last one, with the fence; retries a lost ack with the same id. */
  private async publish(entry: LogEntry): Promise<void> {
    const mode = this.mode;
    if (mode.kind !== 'lead') throw new NotLeadingError(mode.kind);
    const data = encodeLogEntry(entry);
    const count = Math.ceil(data.length / MAX_MESSAGE_BYTES);
    if (count <= 1) return this.publishMessage(mode.term, data);
    for (let index = 1; index <= count; index++) {
      const part = headers();
      part.set(PART_HEADER, `${index}/${count}`);
      await this.publishMessage(mode.term, data.subarray((index - 1) * MAX_MESSAGE_BYTES, index * MAX_MESSAGE_BYTES), part);
    }
  }

  private async publishMessage(term: string, data: Uint8Array, partHeaders?: MsgHdrs): Promise<void> {
    const msgID = `${term}:${++this.messageNumber}`;
    let lastError: unknown;
    const deadline = Date.now() + PUBLISH_DEADLINE_MS;
    for (let attempt = 1; attempt === 1 || Date.now() < deadline; attempt++) {
      try {
        const ack = await this.client.publish(this.subject, data, {
          msgID,
          timeout: Math.max(1, Math.min(PUBLISH_ATTEMPT_TIMEOUT_MS, deadline - Date.now())),
          expect: { lastSequence: this.position },
          ...(partHeaders ? { headers: partHeaders } : {}),
        });
        this.position = ack.seq;
        return;
      } catch (error) {
        lastError = error;
        if (error instanceof JetStreamApiError && error.code === WRONG_LAST_SEQUENCE) {
          this.mode = { kind: 'fenced' };
          this.logger.warn('log append fenced: another sequencer appended; stepping down', { position: this.position });
          this.onFenced(error);
          throw new NotLeadingError('another sequencer appended to the log');
        }
        this.logger.warn('log append failed; retrying', { attempt, error: (error as Error).message });
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_PAUSE_MS));
      }
    }
    // Not acknowledged in time: whether it reached the stream is unknown (the client is told to send again).
    throw new FleetLogUnavailableError(PUBLISH_DEADLINE_MS, lastError instanceof Error ? `${lastError.name}: ${lastError.message}` : String(lastError));
  }
}
