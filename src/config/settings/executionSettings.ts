import { bigWholeNumber, wholeNumber } from '../settingKinds.js';

/** Calls, estimates, access lists and traces: their gas and time caps, the worker threads they run in, their cache. */
export const EXECUTION_SETTINGS = {
  // At least the intrinsic gas of a transfer: a cap below it fails every call.
  rpcGasCap: bigWholeNumber({
    name: 'rpc-gas-cap',
    unit: 'gas',
    default: 50_000_000n,
    min: 21_000n,
    doc: "gas cap, and default gas, of `eth_call` / `eth_estimateGas` (geth's)",
  }),
  rpcEvmTimeoutMs: wholeNumber({
    name: 'rpc-evm-timeout',
    unit: 'ms',
    default: 5000,
    min: 0,
    doc: "wall-time cap of one `eth_call` / `eth_estimateGas` / `eth_createAccessList`, 0 for none (geth's `--rpc.evmtimeout`)",
  }),
  // Calls, estimates, access lists and traces run in worker threads in every storage mode, so
  // none of them holds the sequencer's thread for long; calls and estimates run on the main thread
  // first (all of them in instant and manual mining, a share of it beside the sub-block grid);
  // see docs/guides/calls-and-simulation.md.
  executionWorkers: wholeNumber({
    name: 'execution-workers',
    default: 2,
    min: 1,
    max: 64,
    doc: 'worker threads running `eth_call`, `eth_estimateGas`, `eth_createAccessList` and `debug_trace*`, scheduled fairly between clients (calls and estimates run on the main thread first, this many at once: see `--main-thread-call-share`); `top -H` and `ps -L` show them as `sequin-call-<slot>`',
  }),
  // A call on the main thread skips the worker hop and costs ~0.65x the CPU; the share and each
  // job's 2 ms budget bound what calls take from the sub-block grid (node/createCallExecutor.ts).
  // 75, not 50: at 50 a saturating load of ERC-20 transfer estimates (jobs of ~0.25 ms) sent a third
  // of them to the workers, 1.25x the CPU per estimate; the quarter left keeps 1,000 tx/s of sends
  // within ~3 ms of their p50 and p99 under that load (docs/benchmarks.md).
  mainThreadCallShare: wholeNumber({
    name: 'main-thread-call-share',
    unit: 'percent',
    default: 75,
    min: 0,
    max: 90,
    doc: "in `interval` mining, the share of the main thread's time `eth_call` and `eth_estimateGas` may take there (each at most 2 ms: a longer one is run again in a worker) before the rest run in the execution workers; 0 runs them all in the workers. In `instant` and `manual` mining they all run on the main thread",
  }),
  dedicatedWorkers: wholeNumber({
    name: 'dedicated-workers',
    default: 1,
    min: 0,
    doc: 'of the execution workers, how many only the dedicated tier may use (at most all but one)',
  }),
  rpcCallCache: wholeNumber({
    name: 'rpc-call-cache',
    default: 4096,
    min: 0,
    doc: 'answers of `eth_call` / `eth_estimateGas` kept for identical requests on the same block state (a sealed block, or one pending sub-block); 0 keeps none',
  }),
  rpcTraceConcurrency: wholeNumber({ name: 'rpc-trace-concurrency', default: 1, min: 1, doc: '`debug_trace*` requests running at once; more wait their turn' }),
  rpcTraceMaxBytes: wholeNumber({
    name: 'rpc-trace-max-bytes',
    unit: 'bytes',
    default: 64 * 1024 * 1024,
    min: 1024 * 1024,
    max: 512 * 1024 * 1024,
    doc: 'largest struct log (`debug_trace*` without a tracer) in bytes of JSON; larger → -32000 naming the limit',
  }),
};
