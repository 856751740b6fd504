import type { AccessTier } from './MethodDefinition.js';
import type { SubscriptionSession } from './SubscriptionSession.js';

/**
 * What the transport knows about the client behind one request: its access tier (decided by
 * the transport, e.g. from an Authorization header) and, for logs, its address and a request id.
 * The RPC server never looks at HTTP; it only sees this.
 */
export interface RequestContext {
  /** The tier the client was granted. A 'public' client is refused 'dedicated' methods. */
  tier: AccessTier;
  /** Remote IP (and port) of the client, for logs only. */
  remoteAddress?: string;
  /** An id that ties this request's log lines together. */
  requestId?: string;
  /** The connection's subscriptions, when the transport can push notifications (WebSocket). */
  session?: SubscriptionSession;
}
