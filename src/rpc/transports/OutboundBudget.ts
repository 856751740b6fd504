/** One connection as the budget sees it. */
export interface BudgetedConsumer {
  /** Bytes this consumer holds now: queued by us plus buffered in its socket. */
  readonly heldBytes: number;
  /** Drops it as a slow consumer (close 1008); it then reports its bytes as released. */
  dropAsSlowConsumer(reason: string): void;
}

/**
 * The node's bound on bytes waiting to be sent to WebSocket clients, over all connections (the
 * per-connection bound alone would let 1,000 connections hold 16 GiB). Connections report what
 * they hold as it changes; once the total passes the limit, the consumers holding the most (the
 * furthest behind) are dropped until the rest fits in 7/8 of it. (Not "those whose socket is full
 * first": a reader's socket is full for a moment whenever it pauses, while a client that stopped
 * reading keeps piling up.) The eighth left free means a thousand stalled clients that grow
 * together cost one sort per eighth of the budget, not one per notification queued.
 */
export class OutboundBudget {
  #total = 0;
  readonly #consumers = new Set<BudgetedConsumer>();
  #enforcing = false;

  /** @param limit most bytes held over all connections. */
  constructor(readonly limit: number) {}

  /** Bytes held over all connections. */
  get total(): number {
    return this.#total;
  }

  /** Starts counting a connection. */
  join(consumer: BudgetedConsumer): void {
    this.#consumers.add(consumer);
  }

  /** Stops counting a connection (it closed); its bytes must have been released first. */
  leave(consumer: BudgetedConsumer): void {
    this.#consumers.delete(consumer);
  }

  /** A connection's holding changed by `delta` bytes; past the limit, the slowest consumers are dropped. */
  change(delta: number): void {
    this.#total += delta;
    if (this.#total > this.limit && !this.#enforcing) this.#enforce();
  }

  #enforce(): void {
    this.#enforcing = true;
    try {
      const fits = this.limit - Math.floor(this.limit / 8);
      const slowestFirst = [...this.#consumers].sort((a, b) => b.heldBytes - a.heldBytes);
      for (const consumer of slowestFirst) {
        if (this.#total <= fits) break;
        consumer.dropAsSlowConsumer(`slow consumer: over the node's ${this.limit} bytes for all clients`);
      }
    } finally {
      this.#enforcing = false;
    }
  }
}
