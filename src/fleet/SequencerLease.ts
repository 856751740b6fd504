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
    /** The bucket's TTL: a holder that has not renewed for this long has lost the lease. */
    private readonly ttlMs: number,
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
        // The cluster is unreachable: the lease holds until its TTL would have run out.
        this.logger.warn('could not renew the sequencer lease', { error });
        if (Date.now() - this.renewedAtMs < this.ttlMs) return true;
        this.revision = undefined;
        return false;
      }
      // Still this node's: an update whose answer was lost (a NATS server failed) went through. Go on from its revision.
      if (current?.node === this.node) {
        this.revision = currentRevision;
        this.renewedAtMs = Date.now();
        return true;
      }
      this.revision = undefined;
      // Expired without anyone taking it: take it again.
      if (current === undefined) return this.tryAcquire();
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
