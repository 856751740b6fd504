import type { NotificationBatch } from '../../services/subscriptions/NotificationBatch.js';

/**
 * Notifications of one subscription waiting to be sent: a batch shared with every other
 * subscriber of the event, and how far this connection has written it. Queuing one costs the
 * same however many notifications it holds; only connections that really send them pay for the
 * envelope text (stalled ones are dropped first).
 */
export interface QueuedNotifications {
  subscription: string;
  batch: NotificationBatch;
  /** The next notification of `batch` to write. */
  next: number;
  /** The bytes counted against the buffer bounds while it waits: exactly the text still to write. */
  bytes: number;
}

const OPEN = '{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"';
const RESULT = '","result":';
const CLOSE = '}}';
/** The envelope's characters around the id, the result and the extra members. */
const ENVELOPE_BYTES = OPEN.length + RESULT.length + CLOSE.length;

/** Queues `batch` for `subscription`. */
export function queuedNotifications(subscription: string, batch: NotificationBatch): QueuedNotifications {
  return { subscription, batch, next: 0, bytes: batch.textBytes + batch.length * (ENVELOPE_BYTES + subscription.length) };
}

/** True once every notification of `queued` was written. */
export function isWritten(queued: QueuedNotifications): boolean {
  return queued.next >= queued.batch.length;
}

/**
 * The text of the next notification of `queued` (`{"jsonrpc":"2.0","method":"eth_subscription",
 * "params":{"subscription":id,"result":…,…extra}}`), moving past it; its length is what it releases.
 */
export function takeNotificationText(queued: QueuedNotifications): string {
  const index = queued.next++;
  const text = OPEN + queued.subscription + RESULT + queued.batch.result(index) + queued.batch.extra(index) + CLOSE;
  queued.bytes -= text.length;
  return text;
}
