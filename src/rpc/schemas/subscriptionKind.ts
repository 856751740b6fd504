import { SUBSCRIPTION_KINDS, type SubscriptionKind } from '../../services/subscriptions/SubscriptionRequest.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';

/** geth's answer to an unknown subscription name. */
export class UnknownSubscriptionError extends JsonRpcError {
  constructor(name: string) {
    super(ErrorCodes.methodNotFound, `no ${JSON.stringify(name)} subscription in eth namespace`);
    this.name = 'UnknownSubscriptionError';
  }
}

/** Decodes eth_subscribe's first parameter, the subscription name (one of the kinds in services/subscriptions/allSubscriptions.ts). */
export function decodeSubscriptionKind(value: unknown): SubscriptionKind {
  if (typeof value !== 'string') throw new TypeError('subscription name (string) expected');
  if (!(SUBSCRIPTION_KINDS as readonly string[]).includes(value)) throw new UnknownSubscriptionError(value);
  return value as SubscriptionKind;
}
