import { ErrorCode, RpcError } from '../../errors/RpcError.js';
import { ALL_SUBSCRIPTIONS, type SubscriptionKind, type SubscriptionRequest, subscriptionDefinition } from './allSubscriptions.js';

export type { SubscriptionKind, SubscriptionRequest };

/** The names of every kind, in registry order. */
export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = ALL_SUBSCRIPTIONS.map((definition) => definition.name);

/** geth's answer to an unknown subscription name. */
export class UnknownSubscriptionError extends RpcError {
  constructor(name: string) {
    super(ErrorCode.methodNotFound, `no ${JSON.stringify(name)} subscription in eth namespace`);
    this.name = 'UnknownSubscriptionError';
  }
}

/** Decodes eth_subscribe's first parameter, the subscription name. */
export function decodeSubscriptionKind(value: unknown): SubscriptionKind {
  if (typeof value !== 'string') throw new TypeError('subscription name (string) expected');
  if (!(SUBSCRIPTION_KINDS as readonly string[]).includes(value)) throw new UnknownSubscriptionError(value);
  return value as SubscriptionKind;
}

/** Decodes eth_subscribe's options for `kind` into a full request. Throws TypeError naming what is wrong. */
export function toSubscriptionRequest(kind: SubscriptionKind, options: unknown): SubscriptionRequest {
  const decoded = subscriptionDefinition(kind).decodeOptions(options) as object;
  return { kind, ...decoded } as SubscriptionRequest;
}
