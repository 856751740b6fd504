import type { Notify } from '../../services/subscriptions/Notify.js';

export type { Notify };

/** Starts a subscription's delivery through `notify`; returns the function that stops it. */
export type StartSubscription = (notify: Notify) => () => void;

/**
 * The subscriptions of one connection, as eth_subscribe / eth_unsubscribe see them. Only
 * transports that can push (WebSocket) provide one; over HTTP the request context has none and
 * eth_subscribe answers geth's "notifications not supported".
 */
export interface SubscriptionSession {
  /**
   * Opens a subscription and returns its id. Notifications sent while the eth_subscribe call is
   * being answered are held back and follow its response, so a client always learns the id
   * first. Throws a JsonRpcError when the connection has reached its subscription limit.
   */
  open(start: StartSubscription): string;
  /** Stops the subscription `id` of this connection; false if there is none. */
  close(id: string): boolean;
}
