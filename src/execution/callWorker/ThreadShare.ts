/**
 * The share of this thread's time that calls and estimates may hold while the sub-block grid runs
 * on it: a token bucket. It refills at `share` ms per ms of wall time up to `burstMs`; each job run
 * here spends the time it held the thread; while the bucket is empty, jobs go to the workers.
 *
 * Why a bucket and not "whenever the thread is idle": a call run here costs ~0.65× the CPU of the
 * same call in a worker (no thread hop, one heap to collect), so under load the thread would always
 * look busy with calls it took itself. The bucket bounds what calls can take from the grid at any
 * load: at most `burstMs` plus `share` of any stretch of time, plus one job's time budget
 * (executionDeadline.ts), while the workers take the rest.
 */
export class ThreadShare {
  private tokensMs: number;
  private refilledAt: number;

  constructor(
    private readonly share: number,
    private readonly burstMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(share > 0 && share <= 1)) throw new Error(`a thread share is in (0, 1], not ${share}`);
    this.tokensMs = burstMs;
    this.refilledAt = this.now();
  }

  /** True while jobs may start here. */
  hasRoom(): boolean {
    this.refill();
    return this.tokensMs > 0;
  }

  /** Accounts `ms` that a job held this thread. */
  spend(ms: number): void {
    this.refill();
    this.tokensMs -= ms;
  }

  private refill(): void {
    const now = this.now();
    this.tokensMs = Math.min(this.burstMs, this.tokensMs + (now - this.refilledAt) * this.share);
    this.refilledAt = now;
  }
}
