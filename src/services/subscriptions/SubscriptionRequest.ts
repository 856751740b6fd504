import { ALL_SUBSCRIPTIONS, type SubscriptionKind, type SubscriptionRequest, subscriptionDefinition } from './allSubscriptions.js';

export type { SubscriptionKind, SubscriptionRequest };

/** The names of every kind, in registry order. */
export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = ALL_SUBSCRIPTIONS.map((definition) => definition.name);

/** Decodes eth_subscribe's options for `kind` into a full request. Throws TypeError naming what is wrong. */
export function toSubscriptionRequest(kind: SubscriptionKind, options: unknown): SubscriptionRequest {
  const decoded = subscriptionDefinition(kind).decodeOptions(options) as object;
  return { kind, ...decoded } as SubscriptionRequest;
}
