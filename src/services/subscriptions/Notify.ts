/**
 * Delivers one notification of a subscription: its `result`, and optionally more fields for
 * the notification's `params` (e.g. the resume cursor of newPreconfBlockTransactions).
 */
export type Notify = (result: unknown, extraParams?: Record<string, unknown>) => void;
