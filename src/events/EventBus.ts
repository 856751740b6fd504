/**
 * A small typed publish/subscribe bus. Lower layers publish (the sequencer announces
 * sub-blocks and sealed blocks, the pool announces admitted txs); upper layers subscribe,
 * so events travel up without upward imports. Listeners run synchronously in order; a
 * throwing listener is reported to `onListenerError` and never breaks the publisher.
 */
/** The subscribing half of an event bus: what a listener needs, for any bus whose events include `Events`. */
export interface EventSource<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void;
}

export class EventBus<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of set) {
      try {
        (listener as (payload: Events[K]) => void)(payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
