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

/**
 * Writes WebSocket output after the code that queued it, never inside it: a sub-block's
 * notifications are queued (cheaply) while the sequencer announces it, and written here in
 * slices of at most {@link FLUSH_SLICE_MS} ms from `setImmediate`, so timers (the sequencer's
 * ticks) and I/O run between slices however many subscribers there are. Connections still
 * holding output after a slice go to the back of the line.
 */
export class FlushScheduler {
  #dirty = new Set<Flushable>();
  #scheduled = false;

  /** Asks for `target` to be flushed soon. */
  mark(target: Flushable): void {
    this.#dirty.add(target);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#run);
    }
  }

  /** Forgets `target` (its connection closed). */
  forget(target: Flushable): void {
    this.#dirty.delete(target);
  }

  readonly #run = (): void => {
    this.#scheduled = false;
    const deadline = performance.now() + FLUSH_SLICE_MS;
    const turn = [...this.#dirty];
    this.#dirty.clear();
    const again: Flushable[] = [];
    let index = 0;
    for (; index < turn.length; index++) {
      if (performance.now() >= deadline) break;
      const target = turn[index]!;
      if (target.flush(deadline) === 'more') again.push(target);
    }
    // Those not reached this turn go first next turn, those cut short after them.
    for (; index < turn.length; index++) this.#dirty.add(turn[index]!);
    for (const target of again) this.#dirty.add(target);
    if (this.#dirty.size > 0 && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#run);
    }
  };
}
