import type { Common } from '@ethereumjs/common';
import type { ChainRuleSettings } from '../config/commonOfChain.js';
import type { NodeConfig } from '../config/nodeConfig.js';
import { CallExecutor, workerLanes } from '../execution/callWorker/CallExecutor.js';
import type { ExecutionJob } from '../execution/callWorker/CallJob.js';
import { InProcessLanes } from '../execution/callWorker/InProcessLanes.js';
import { RoutedLanes } from '../execution/callWorker/RoutedLanes.js';
import { VersionedStates } from '../execution/callWorker/VersionedStates.js';
import { type BlockHashLookup, createExecutionVm } from '../execution/createExecutionVm.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import { VmPool } from '../execution/VmPool.js';
import type { Storage } from '../storage/Storage.js';

/**
 * The most gas a precompile run of a call or estimate on this thread may need: ~13 BN254 pairings
 * (a Groth16 verifier needs 4), ~0.2 s in JavaScript on the 2-core machine the node is built for.
 * A job needing more is run in a worker, where the time-out can end it (executionDeadline.ts).
 */
const PRECOMPILE_GAS_ON_THIS_THREAD = 500_000n;

/**
 * The executor of calls, estimates, access lists and traces, with one scheduling whichever thread
 * runs a job:
 * - over the node's LMDB directory (every node the CLI starts, --ephemeral included), worker
 *   threads; but while the node mines in `instant` or `manual` mode (`inInstantOrManualMode`,
 *   asked as each job starts), its calls and estimates run on this thread, where no sub-block
 *   grid is to be kept and a distinct call costs ~0.7× the CPU (no thread hop, a warm JIT),
 *   with the same wall-time cap (executionDeadline.ts). Access lists and traces, which yield to
 *   the event loop as they run, stay in the workers, whose state cannot move under them.
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
  const here = new InProcessLanes(common, vms, states, config.executionWorkers, {
    callTimeoutMs: config.rpcEvmTimeoutMs,
    precompileGasLimit: PRECOMPILE_GAS_ON_THIS_THREAD,
  });
  const runsHere = (job: ExecutionJob) => (job.kind === 'call' || job.kind === 'estimate') && inInstantOrManualMode();
  return new CallExecutor({ ...limits, lanes: new RoutedLanes(here, workers, runsHere) });
}
