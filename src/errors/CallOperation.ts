/**
 * Which RPC operation ran a call, for errors whose wording or code depends on it (geth answers
 * an eth_call revert with code 3, a failed eth_createAccessList run with "failed to apply
 * transaction: …", a failed debug_traceCall with "tracing failed: …").
 */
export type CallOperation = 'call' | 'estimateGas' | 'createAccessList' | 'traceCall';
