import type { KV } from '@nats-io/kv';
import type { Logger } from '../primitives/logger.js';

/** The key of the lease in the fleet's lease bucket. */
const LEASE_KEY = 'sequencer';

/** Who holds the lease, as its value says. */
export interface LeaseHolder {
  node: string;
}

/**
 * The right to sequence, held in a NATS KV bucket whose entries expire after the bucket's TTL.
 * A candidate takes it with create (which fails while a live entry exists); the holder renews it
 * with a compare-and-set on the revision it last wrote, so a holder that paused past the TTL,
 * whose lease someone else took, finds a newer revision and loses. The lease only says who
 * should sequence; the log's fence (expected last sequence) is what keeps a deposed writer out.
 */
export class SequencerLease {
  private revision: number | undefined;
  private renewedAtMs = 0;

  constructor(
    private readonly bucket: KV,
    readonly node: string,
    private readonly logger: Logger,
  ) {}

  get held(): boolean {
    return this.revision !== undefined;
  }

  /** Takes the lease if no one holds it; true when this node now holds it. */
  async tryAcquire(): Promise<boolean> {
    try {
      this.revision = await this.bucket.create(LEASE_KEY, JSON.stringify({ node: this.node } satisfies LeaseHolder));
      this.renewedAtMs = Date.now();
      this.logger.info('took the sequencer lease', { node: this.node, revision: this.revision });
      return true;
    } catch {
      return false;
    }
  }

  /** Renews the lease; false (and no longer held) when someone else holds it now. */
  async renew(): Promise<boolean> {
    if (this.revision === undefined) return false;
    try {
      this.revision = await this.bucket.update(LEASE_KEY, JSON.stringify({ node: this.node } satisfies LeaseHolder), this.revision);
      this.renewedAtMs = Date.now();
      return true;
    } catch (error) {
      let current: LeaseHolder | undefined;
      let currentRevision = 0;
      try {
        const entry = await this.bucket.get(LEASE_KEY);
        if (entry?.operation === 'PUT') {
          current = JSON.parse(entry.string()) as LeaseHolder;
          currentRevision = entry.revision;
        }
      } catch {
        // The bucket cannot answer (its NATS leader was lost and the rest elect another): no node
        // can take the lease either, so this one goes on. Once the bucket answers, a lease someone
        // else took ends it; and should two nodes append meanwhile, the log's fence keeps one out.
        this.logger.warn('could not renew the sequencer lease; holding it until the bucket answers', { error, sinceRenewalMs: Date.now() - this.renewedAtMs });
        return true;
      }
      // Still this node's: an update whose answer was lost (a NATS server failed) went through. Go on from its revision.
      if (current?.node === this.node) {
        this.revision = currentRevision;
        this.renewedAtMs = Date.now();
        return true;
      }
      // Expired without anyone taking it (it lapsed while the bucket could not answer): take it again;
      // a bucket still settling after its election refuses, and the next renewal asks again.
      if (current === undefined) {
        const revision = this.revision;
        if (await this.tryAcquire()) return true;
        const holder = await this.holder().catch(() => undefined);
        // No one, or this node (a create whose answer was lost): the next renewal finds out which.
        if (holder === undefined || holder.node === this.node) {
          this.revision = revision;
          return true;
        }
        current = holder;
      }
      this.revision = undefined;
      this.logger.warn('lost the sequencer lease', { node: this.node, holder: current.node });
      return false;
    }
  }

  /** Gives the lease up (a clean stop), so a standby need not wait for the TTL. */
  async release(): Promise<void> {
    const revision = this.revision;
    this.revision = undefined;
    if (revision === undefined) return;
    await this.bucket.delete(LEASE_KEY, { previousSeq: revision }).catch(() => {});
  }

  /** The node holding the lease now, or undefined when no one does. */
  async holder(): Promise<LeaseHolder | undefined> {
    const entry = await this.bucket.get(LEASE_KEY);
    if (entry?.operation !== 'PUT') return undefined;
    return JSON.parse(entry.string()) as LeaseHolder;
  }
}
