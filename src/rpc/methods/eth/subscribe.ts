import { ALL_SUBSCRIPTIONS } from '../../../services/subscriptions/allSubscriptions.js';
import { SUBSCRIPTION_KINDS, toSubscriptionRequest } from '../../../services/subscriptions/SubscriptionRequest.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { JsonRpcError } from '../../errors/JsonRpcError.js';
import { Schema, withSchema } from '../../schemas/jsonSchema.js';
import { decodeSubscriptionKind } from '../../schemas/subscriptionKind.js';
import { defineMethod } from '../../server/MethodDefinition.js';

/** geth's answer to eth_subscribe over a transport that cannot push (HTTP). */
export class NotificationsUnsupportedError extends JsonRpcError {
  constructor() {
    super(ErrorCodes.methodNotFound, 'notifications not supported');
    this.name = 'NotificationsUnsupportedError';
  }
}

const subscriptionKind = withSchema(decodeSubscriptionKind, { title: 'subscription name', type: 'string', enum: SUBSCRIPTION_KINDS });

/** The options are decoded per kind by its definition, once the kind is known; the schema lists every kind's. */
const subscriptionOptions = withSchema((value: unknown) => value, {
  title: 'subscription options',
  oneOf: ALL_SUBSCRIPTIONS.flatMap((definition) => (definition.optionsSchema ? [definition.optionsSchema] : [])),
});

/**
 * eth_subscribe (WebSocket only): opens a subscription on this connection and returns its id;
 * notifications follow as `eth_subscription` messages. The kinds are declared in
 * src/services/subscriptions/ (one file each, listed in allSubscriptions.ts; docs/guides/subscriptions.md).
 */
export const subscribe = defineMethod({
  name: 'eth_subscribe',
  summary: 'Opens a subscription on this WebSocket connection and returns its id.',
  tier: 'public',
  params: [
    { name: 'subscription', decode: subscriptionKind },
    { name: 'options', decode: subscriptionOptions, optional: true },
  ],
  result: { name: 'subscriptionId', schema: Schema.quantity },
  errors: [
    { code: ErrorCodes.methodNotFound, when: 'over HTTP ("notifications not supported"), or an unknown kind ("no "…" subscription in eth namespace")' },
    { code: ErrorCodes.limitExceeded, when: 'the connection already holds its maximum of subscriptions' },
  ],
  handler: (backend, [kind, options], context) => {
    if (!context.session) throw new NotificationsUnsupportedError();
    let request: ReturnType<typeof toSubscriptionRequest>;
    try {
      request = toSubscriptionRequest(kind, options);
    } catch (error) {
      if (error instanceof JsonRpcError) throw error;
      throw new JsonRpcError(ErrorCodes.invalidParams, `invalid argument 1: ${(error as Error).message}`);
    }
    return context.session.open((notify) => backend.subscriptions.subscribe(request, notify));
  },
});
