/** What run.ts gets back from starting a node under test. */
export interface Peer {
  /** Column name in the report, e.g. "Sequin" or "Hardhat 3". */
  name: string;
  /** JSON-RPC HTTP endpoint on loopback. */
  url: string;
  /** PID of the node process itself (for VmRSS). */
  pid: number;
  /** Spawn → first successful eth_chainId, in milliseconds. */
  startupMs: number;
  /** Terminates the node (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
}
