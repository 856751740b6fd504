import type { Common } from '@ethereumjs/common';
import type { ChainRuleSettings } from '../config/commonOfChain.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { CallExecutor, workerLanes } from '../execution/callWorker/CallExecutor.js';
import type { ExecutionJob } from '../execution/callWorker/CallJob.js';
import { InProcessLanes } from '../execution/callWorker/InProcessLanes.js';
import { RoutedLanes } from '../execution/callWorker/RoutedLanes.js';
import { ThreadShare } from '../execution/callWorker/ThreadShare.js';
import { VersionedStates } from '../execution/callWorker/VersionedStates.js';
import { type BlockHashLookup, createExecutionVm } from '../execution/createExecutionVm.js';
import type { ThreadBudget } from '../execution/executionDeadline.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { VmPool } from '../execution/VmPool.js';
import type { Storage } from '../storage/Storage.js';

/**
 * What a call or estimate may take of this thread in `instant` or `manual` mode, where no
 * sub-block grid runs on it: its whole time cap, and precompile runs of up to 500,000 gas, ~13 BN254
 * pairings (a Groth16 verifier needs 4), ~0.2 s in JavaScript on the 2-core machine the node is
 * built for. A job needing more is run in a worker, where the time-out can end it
 * (executionDeadline.ts).
 */
const WITHOUT_THE_GRID: ThreadBudget = { precompileGasLimit: 500_000n };

/**
 * What a call or estimate may take of this thread beside the sub-block grid (`interval` mode):
 * 2 ms, and precompile runs of up to 20,000 gas (no pairing; an ecrecover, a P256 check, a BN254
 * multiplication, hashes of tens of KiB), so that no job on it delays a sub-block by more than
 * ~2 ms. A distinct ERC-20 balanceOf or transfer estimate takes 0.2–0.5 ms; a job past the
 * budget is run again in a worker, having spent at most the budget here.
 */
const BESIDE_THE_GRID: ThreadBudget = { precompileGasLimit: 20_000n, timeMs: 2 };

/**
 * The burst of this thread's time that calls and estimates may take at once beside the sub-block
 * grid (ThreadShare; its share is --main-thread-call-share): 20 ms of a 200 ms sub-block.
 */
const BURST_BESIDE_THE_GRID_MS = 20;

/**
 * The executor of calls, estimates, access lists and traces, with one scheduling whichever thread
 * runs a job:
 * - over the node's LMDB directory (every node the CLI starts, --ephemeral included), worker
 *   threads; but calls and estimates run on this thread first, where a distinct call costs ~0.65×
 *   the CPU (no thread hop and its two wake-ups, one heap to collect, a warm JIT), with the same
 *   wall-time cap (executionDeadline.ts). While the node mines in `instant` or `manual` mode
 *   (`inInstantOrManualMode`, asked as each job starts) no sub-block grid is to be kept here and
 *   they all run here; beside the grid (`interval` mode) they take at most a share of this thread
 *   and a small budget each (BESIDE_THE_GRID), and run in the workers beyond it. Access lists and
 *   traces, which yield to the event loop as they run, stay in the workers, whose state cannot
 *   move under them.
 * - for storage only this thread can read (the in-memory storage of in-process test chains) and
 *   in fork mode (one thread reads the remote, through one rate cap and one memo), lanes on this
 *   thread for everything.
 * `dataDir` is the LMDB directory the workers open (undefined for in-memory storage); `pending`
 * is what the lanes on this thread read for the pending state; in fork mode `stateBelow` gives
 * the remote's history.
 */
export function createCallExecutor(
  config: NodeConfig,
  parts: {
    common: Common;
    /** The chain's rules the settings chose, for the worker threads' Common (the in-process lanes use `common`). */
    rules: ChainRuleSettings;
    dataDir: string | undefined;
    storage: Storage;
    pending: StateReader;
    blockHash: BlockHashLookup;
    /** Fork mode: the remote's state at a version below the fork block (its history), else undefined. */
    stateBelow?: (version: number) => StateReader | undefined;
    /** True while the sequencer mines in `instant` or `manual` mode (or is paused). */
    inInstantOrManualMode?: () => boolean;
  },
): CallExecutor {
  const limits = {
    timeoutMs: config.rpcEvmTimeoutMs,
    workers: config.executionWorkers,
    dedicatedWorkers: config.dedicatedWorkers,
    maxConcurrentTraces: config.rpcTraceConcurrency,
  };
  const { common, rules, dataDir, storage, pending, blockHash, stateBelow, inInstantOrManualMode } = parts;
  const vms = new VmPool(() => createExecutionVm(common, pending, blockHash), config.executionWorkers);
  const states = new VersionedStates(
    (version) => stateBelow?.(version) ?? new PersistedStateReader(storage, version),
    () => pending,
  );
  if (dataDir === undefined) {
    return new CallExecutor({ ...limits, lanes: new InProcessLanes(common, vms, states, config.executionWorkers, { callTimeoutMs: config.rpcEvmTimeoutMs }) });
  }
  const workers = workerLanes({ ...limits, dataDir, chainId: config.chainId, rules });
  if (!inInstantOrManualMode) return new CallExecutor({ ...limits, lanes: workers });
  const share = config.mainThreadCallShare > 0 ? new ThreadShare(config.mainThreadCallShare / 100, BURST_BESIDE_THE_GRID_MS) : undefined;
  const here = new InProcessLanes(common, vms, states, config.executionWorkers, {
    callTimeoutMs: config.rpcEvmTimeoutMs,
    budget: () => (inInstantOrManualMode() ? WITHOUT_THE_GRID : BESIDE_THE_GRID),
    held: (ms) => share?.spend(ms),
  });
  const runsHere = (job: ExecutionJob) => (job.kind === 'call' || job.kind === 'estimate') && (inInstantOrManualMode() || share?.hasRoom() === true);
  return new CallExecutor({ ...limits, lanes: new RoutedLanes(here, workers, runsHere) });
}
