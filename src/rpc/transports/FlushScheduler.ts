/** Something with queued output to write. */
export interface Flushable {
  /**
   * Writes queued output until done, until its socket is full, or until `deadline`
   * (performance.now() ms). 'more' asks to be called again; 'done' and 'blocked' (the socket is
   * full: the connection marks itself again when it drains) do not.
   */
  flush(deadline: number): 'done' | 'blocked' | 'more';
}

/** Longest stretch of writing in one turn of the event loop, in ms. */
export const FLUSH_SLICE_MS = 4;
/** The window over which writing's share of the event loop is bounded, in ms (half a sub-block interval). */
export const WRITE_WINDOW_MS = 100;
/** The most of any {@link WRITE_WINDOW_MS} window writing may take: the sequencer and HTTP callers keep the rest. */
export const WRITE_SHARE = 0.5;

/**
 * Writes WebSocket output after the code that queued it, never inside it: a sub-block's
 * notifications are queued (cheaply) while the sequencer announces it, and written here in
 * slices of at most {@link FLUSH_SLICE_MS} ms from `setImmediate`, so timers (the sequencer's
 * ticks) and I/O run between slices however many subscribers there are. Connections still
 * holding output after a slice go to the back of the line.
 *
 * Writing takes at most {@link WRITE_SHARE} of the event loop: once its slices have used that
 * much of the current {@link WRITE_WINDOW_MS} window, the next waits for the window's end. So
 * however many clients read (or stop reading) at once, the sequencer's ticks and HTTP callers
 * keep at least the other half; what clients cannot be sent meanwhile waits in their queues,
 * whose bounds drop those that fall too far behind.
 */
export class FlushScheduler {
  #dirty = new Set<Flushable>();
  #scheduled = false;
  #windowStart = Number.NEGATIVE_INFINITY;
  #windowBusyMs = 0;

  /**
   * @param onBusy told how long each slice of writing took, in ms (for metrics).
   * @param now the clock slices are timed by (ms); performance.now unless a test simulates work.
   */
  constructor(
    private readonly onBusy: (ms: number) => void = () => {},
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asks for `target` to be flushed soon. */
  mark(target: Flushable): void {
    this.#dirty.add(target);
    this.#schedule();
  }

  /** Forgets `target` (its connection closed). */
  forget(target: Flushable): void {
    this.#dirty.delete(target);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const now = this.now();
    if (now - this.#windowStart >= WRITE_WINDOW_MS) {
      this.#windowStart = now;
      this.#windowBusyMs = 0;
    }
    if (this.#windowBusyMs < WRITE_SHARE * WRITE_WINDOW_MS) setImmediate(this.#run);
    else setTimeout(this.#run, Math.ceil(this.#windowStart + WRITE_WINDOW_MS - now));
  }

  readonly #run = (): void => {
    this.#scheduled = false;
    const startedAt = this.now();
    const deadline = startedAt + FLUSH_SLICE_MS;
    const turn = [...this.#dirty];
    this.#dirty.clear();
    const again: Flushable[] = [];
    let index = 0;
    for (; index < turn.length; index++) {
      if (this.now() >= deadline) break;
      const target = turn[index]!;
      if (target.flush(deadline) === 'more') again.push(target);
    }
    // Those not reached this turn go first next turn, those cut short after them.
    for (; index < turn.length; index++) this.#dirty.add(turn[index]!);
    for (const target of again) this.#dirty.add(target);
    const busyMs = this.now() - startedAt;
    this.#windowBusyMs += busyMs;
    this.onBusy(busyMs);
    if (this.#dirty.size > 0) this.#schedule();
  };
}
