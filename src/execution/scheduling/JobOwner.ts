/**
 * Who an execution job (eth_call, eth_estimateGas, eth_createAccessList, debug_trace*) runs for:
 * the unit of fairness of the {@link ExecutionScheduler}. The RPC edge fills it from the request
 * context (the API key's id, or the client address as rate limits count it) and its tier.
 */
export interface JobOwner {
  /** The client: jobs with one id share one fair share of the execution slots. */
  clientId: string;
  /** 'dedicated' jobs may also use the slots kept for that tier; 'public' ones only the shared slots. */
  tier: 'public' | 'dedicated';
}

/** The owner of jobs that come with no client (in-process callers, tests): one shared dedicated client. */
export const INTERNAL_OWNER: JobOwner = { clientId: 'internal', tier: 'dedicated' };
