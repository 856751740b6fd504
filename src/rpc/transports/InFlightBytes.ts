/**
 * A budget of request bytes the node holds at once, shared by its transports: a body (or
 * WebSocket message) reserves its size while it is read and served, and gives it back once
 * answered. Past the budget, new requests are refused (HTTP 503 + Retry-After, JSON-RPC -32005)
 * instead of buffered, so a flood of huge bodies from many connections cannot grow memory
 * without bound: what the node holds is the budget plus the objects parsed from it.
 */
export class InFlightBytes {
  #held = 0;

  /** @param limit most bytes held at once; Infinity for no limit. */
  constructor(readonly limit: number) {}

  /** Bytes currently held. */
  get held(): number {
    return this.#held;
  }

  /** Reserves `bytes` if they fit; false (nothing reserved) if they do not. */
  tryReserve(bytes: number): boolean {
    if (this.#held + bytes > this.limit) return false;
    this.#held += bytes;
    return true;
  }

  /** Gives back bytes reserved earlier. */
  release(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes);
  }
}
