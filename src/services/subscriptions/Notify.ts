import type { NotificationBatch } from './NotificationBatch.js';

/**
 * Delivers notifications of a subscription: the batch one event produced for it (shared with
 * every other subscriber of the same kind and options), in order.
 */
export type Notify = (batch: NotificationBatch) => void;
