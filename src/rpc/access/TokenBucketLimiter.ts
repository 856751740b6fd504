import type { BudgetDecision, CallBudget } from '../server/CallBudget.js';

/** Options of {@link TokenBucketLimiter}. */
export interface TokenBucketOptions {
  /** Calls per second each identity earns back. Must be positive. */
  ratePerSecond: number;
  /** Most calls an identity may save up and spend at once (the bucket's size). At least 1. */
  burst: number;
  /**
   * Most identities tracked at once; past it the longest-tracked one is forgotten (it starts
   * again with a full bucket). Bounds memory whatever the number of clients. Default 100,000.
   */
  maxTracked?: number;
  /** The clock, in ms (tests inject one). Default performance.now. */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token-bucket rate limits per identity (an IP address, an API key id). A bucket holds up to
 * `burst` tokens and refills at `ratePerSecond`. A request is let through when its identity has
 * at least one token, and then pays for all of its calls: a batch may drive the bucket into debt,
 * which the identity works off before its next request goes through. So any batch the length
 * limit allows can pass once, and a client's long-run rate never exceeds `ratePerSecond`.
 *
 * A full bucket is the same as no bucket, so idle identities are dropped on a sweep every
 * minute; with `maxTracked` that keeps memory bounded.
 */
export class TokenBucketLimiter {
  readonly ratePerSecond: number;
  readonly burst: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxTracked: number;
  readonly #now: () => number;
  #lastSweep: number;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError(`ratePerSecond must be positive, got ${options.ratePerSecond}`);
    if (!(options.burst >= 1)) throw new RangeError(`burst must be at least 1, got ${options.burst}`);
    this.ratePerSecond = options.ratePerSecond;
    this.burst = options.burst;
    this.#maxTracked = options.maxTracked ?? 100_000;
    this.#now = options.now ?? (() => performance.now());
    this.#lastSweep = this.#now();
  }

  /** Whether `identity` has a token now, without spending any (to refuse before reading a body). */
  peek(identity: string): BudgetDecision {
    return this.#decide(this.#bucket(identity), 0);
  }

  /** Spends `calls` tokens of `identity` if it has at least one. */
  take(identity: string, calls: number): BudgetDecision {
    return this.#decide(this.#bucket(identity), calls);
  }

  /** The budget of one identity, as the RPC server charges it; `describe` words the refusal. */
  budget(identity: string, describe: (retryAfterSeconds: number) => string): CallBudget {
    return {
      take: (calls) => {
        const decision = this.take(identity, calls);
        return decision.ok ? decision : { ...decision, message: describe(decision.retryAfterSeconds) };
      },
    };
  }

  /** Identities currently tracked (for tests and metrics). */
  get tracked(): number {
    return this.#buckets.size;
  }

  #decide(bucket: Bucket, calls: number): BudgetDecision {
    if (bucket.tokens >= 1) {
      bucket.tokens -= calls;
      return { ok: true };
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
    return { ok: false, retryAfterSeconds, message: `rate limit exceeded, retry after ${retryAfterSeconds} s` };
  }

  /** The identity's bucket, refilled up to now. */
  #bucket(identity: string): Bucket {
    const now = this.#now();
    if (now - this.#lastSweep > 60_000) this.#sweep(now);
    let bucket = this.#buckets.get(identity);
    if (bucket === undefined) {
      if (this.#buckets.size >= this.#maxTracked) this.#buckets.delete(this.#buckets.keys().next().value as string);
      bucket = { tokens: this.burst, updatedAt: now };
      this.#buckets.set(identity, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond);
    bucket.updatedAt = now;
    return bucket;
  }

  /** Forgets buckets that have refilled completely: a fresh one would be identical. */
  #sweep(now: number): void {
    this.#lastSweep = now;
    for (const [identity, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.ratePerSecond >= this.burst) this.#buckets.delete(identity);
    }
  }
}
