import type { AccessTier } from './AccessTier.js';
import type { CallBudget } from './CallBudget.js';
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
  /** The name of the API key the client presented (never the key itself), for logs. */
  keyName?: string;
  /**
   * Who the client is for per-client quotas (e.g. installed filters): its API key's id, or its
   * address (IPv6 per /64, as rate limits count it). Absent: one shared anonymous client.
   */
  clientId?: string;
  /**
   * The client's rate limit: charged with the number of calls of each request body (a batch
   * costs one per element). Absent: unlimited.
   */
  callBudget?: CallBudget;
  /** The connection's subscriptions, when the transport can push notifications (WebSocket). */
  session?: SubscriptionSession;
}
