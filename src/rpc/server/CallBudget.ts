/** What a {@link CallBudget} answers: go ahead, or come back later. */
export type BudgetDecision = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

/**
 * A client's rate limit as the RPC server sees it (the node implements it with token buckets).
 * The server asks once per request body, after the envelope is parsed, with the number of calls
 * the body holds; a refusal is answered with -32005 and, over HTTP, status 429 + Retry-After.
 */
export interface CallBudget {
  take(calls: number): BudgetDecision;
}
