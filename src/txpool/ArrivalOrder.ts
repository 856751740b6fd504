/**
 * Submissions admitted in the order they arrived, when some wait for their sender's recovery on another
 * thread (TransactionIntake, primitives/RecoveryWorker.ts): each has a step that admits it, run once its
 * decoding is known and every earlier submission's step has run. A later transaction of a sender thus
 * never overtakes an earlier one, and pool-wide choices (replacement, eviction, `txpool is full`) fall as
 * they would with the recovery on the main thread.
 */
export class ArrivalOrder<Decoding> {
  private readonly waiting: Array<{ decoding?: Decoding; known: boolean; admit: (decoding: Decoding) => void }> = [];
  private head = 0;

  /** True when no submission waits: one whose decoding is known may be admitted at once. */
  get isEmpty(): boolean {
    return this.head === this.waiting.length;
  }

  /** Queues a submission whose decoding comes later; call the returned function with it. */
  add(admit: (decoding: Decoding) => void): (decoding: Decoding) => void {
    const entry: { decoding?: Decoding; known: boolean; admit: (decoding: Decoding) => void } = { known: false, admit };
    this.waiting.push(entry);
    return (decoding) => {
      entry.decoding = decoding;
      entry.known = true;
      this.drain();
    };
  }

  /** Admits, in order, every submission from the head whose decoding is known. */
  private drain(): void {
    while (this.head < this.waiting.length && this.waiting[this.head]!.known) {
      const entry = this.waiting[this.head]!;
      this.waiting[this.head++] = undefined as never;
      entry.admit(entry.decoding as Decoding);
    }
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
    }
  }
}
