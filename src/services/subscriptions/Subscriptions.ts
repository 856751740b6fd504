import { subscriptionDefinition } from './allSubscriptions.js';
import type { Notify } from './Notify.js';
import { PerEventPayloads } from './PerEventPayloads.js';
import type { SubscriptionDeps } from './SubscriptionDefinition.js';
import type { SubscriptionRequest } from './SubscriptionRequest.js';

/** Starts subscriptions: each request goes to its kind's definition (allSubscriptions.ts). */
export class Subscriptions {
  readonly #deps: SubscriptionDeps;

  constructor(deps: Omit<SubscriptionDeps, 'perEvent'>) {
    this.#deps = { ...deps, perEvent: new PerEventPayloads() };
  }

  /** Starts `request`; returns the function that stops it. Throws, delivering nothing, for a request that cannot be served. */
  subscribe(request: SubscriptionRequest, notify: Notify): () => void {
    const { kind, ...options } = request;
    return subscriptionDefinition(kind).start(this.#deps, options, notify);
  }
}
