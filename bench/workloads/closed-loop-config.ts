/** Shared settings of the closed-loop read workloads (estimateGas, eth_call, eth_blockNumber). */
export const CLIENTS = 8;

export const loopDurationMs = (quick: boolean): number => (quick ? 1_000 : 3_000);
