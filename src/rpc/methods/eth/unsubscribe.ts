import { NotFoundError } from '../../../errors/NotFoundError.js';
import { ErrorCodes } from '../../errors/errorCodes.js';
import { Schema, withSchema } from '../../schemas/jsonSchema.js';
import { defineMethod } from '../../server/MethodDefinition.js';
import { NotificationsUnsupportedError } from './subscribe.js';

/** eth_unsubscribe: stops one of this connection's subscriptions; true once stopped. Unknown id → geth's "subscription not found". */
export const unsubscribe = defineMethod({
  name: 'eth_unsubscribe',
  summary: 'Stops a subscription of this WebSocket connection.',
  tier: 'public',
  params: [
    {
      name: 'subscriptionId',
      decode: withSchema<string>(
        (value: unknown) => {
          if (typeof value !== 'string') throw new TypeError('subscription id (string) expected');
          return value;
        },
        { title: 'subscription id', type: 'string' },
      ),
    },
  ],
  result: { name: 'unsubscribed', schema: Schema.boolean },
  errors: [
    { code: ErrorCodes.methodNotFound, when: 'over HTTP: "notifications not supported"' },
    { code: ErrorCodes.server, when: 'the id is not one of this connection\'s subscriptions: "subscription not found"' },
  ],
  handler: (_backend, [id], context) => {
    if (!context.session) throw new NotificationsUnsupportedError();
    if (!context.session.close(id)) throw new NotFoundError({ kind: 'subscription' });
    return true;
  },
});
