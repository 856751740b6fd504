/**
 * The contract between run.ts and a workload: a workload declares its metrics up front (so a
 * failure can still fill every cell with "error: …") and measures them against one JSON-RPC
 * URL, knowing nothing about which node is behind it.
 */
import type { Address, Hex } from 'viem';
import type { RpcClient } from '../lib/rpc.js';

export interface MetricSpec {
  id: string;
  /** Row label in the report, including the unit, e.g. "eth_blockNumber (calls/s)". */
  label: string;
  better: 'higher' | 'lower';
  /** Decimal places shown. */
  digits?: number;
  /**
   * A target of Sequin's own design rather than a peer comparison (measured in-process, or on a
   * block shape automine never produces): the peers' cells read "n/a", no ratio.
   */
  sequinOnly?: boolean;
  /** Design target in the metric's unit (≤ for "lower", ≥ for "higher"); the cell marks ✓ / ✗. */
  target?: number;
}

export type MetricResult = { value: number; note?: string } | { error: string };

export interface WorkloadContext {
  url: string;
  /** The node's process id, whose threads' CPU time (in /proc) the read workloads divide by their requests. */
  pid: number;
  /** Shared keep-alive client for this node. */
  rpc: RpcClient;
  /** Smaller counts and shorter durations (--quick). */
  quick: boolean;
  /** Address of the benchmark ERC-20 on this node, deployed on first request. */
  token(): Promise<Address>;
  /** Hashes the burst workload got accepted, kept for the Sequin-only eth_getBlockReceipts metric. */
  burstHashes: Hex[];
}

export interface Workload {
  name: string;
  metrics: readonly MetricSpec[];
  /** Returns a result per metric id; a thrown error marks all of this workload's metrics. */
  run(ctx: WorkloadContext): Promise<Record<string, MetricResult>>;
}

/** Converts a caught value into an error cell. */
export function errorResult(error: unknown): MetricResult {
  return { error: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
}
