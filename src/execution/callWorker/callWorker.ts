/**
 * The entry point of a call worker thread (started by {@link WorkerLanes}; bundled on its own as
 * dist/bundle/callWorker.js). It lowers its OS priority as asked, opens the node's LMDB
 * environment read-only (no data-directory lock), builds the chain's Common and one VM, and
 * answers jobs one at a time:
 *
 *   main thread ──{ id, job }──▶ worker: the job's states by version (VersionedStates)
 *        ▲                              └▶ runExecutionJob (call, estimate, access list, trace)
 *        └──{ id, ok, value | json | hex | error }◀┘
 *
 * "pending" is NEWEST_VERSION: a sub-block is committed before it is published, so the newest
 * versions in LMDB are the pre-confirmed state. BLOCKHASH reads the sealed blocks' records
 * (uncached: after a rewind a block number names another block). Each job starts on a fresh read
 * snapshot, and sealed states are memoised by version and rewind epoch. A trace's result is
 * sent as JSON text, serialized here, so the main thread never rebuilds it. A call, estimate or
 * access list stops at --rpc-evm-timeout here too; a raised `stopSignal` stops any job, and
 * `{ stop: true }` ends the thread between tasks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ChainReader } from '../../chain/ChainReader.js';
import { recordKeys } from '../../chain/recordKeys.js';
import { commonOfChain } from '../../config/commonOfChain.js';
import { parseGethGenesis } from '../../config/parseGethGenesis.js';
import { hexToBytes } from '../../primitives/hex.js';
import type { STOP_MESSAGE } from '../../primitives/stopWorkerThread.js';
import { LmdbStorage } from '../../storage/LmdbStorage.js';
import { CachedStateReader } from '../CachedStateReader.js';
import { createExecutionVm } from '../createExecutionVm.js';
import { type Deadline, deadlineIn, runWithDeadline, stoppedByDeadline } from '../executionDeadline.js';
import { NEWEST_VERSION, PersistedStateReader } from '../PersistedStateReader.js';
import { VmPool } from '../VmPool.js';
import { type CallWorkerData, type CallWorkerRequest, type CallWorkerResponse, type ExecutionJob, isTraceJob } from './CallJob.js';
import { serializeCallError } from './callJobErrors.js';
import { bytesToWireHex, jobFromWire } from './callJobWire.js';
import { lowerThreadPriority } from './lowerThreadPriority.js';
import { CALL_WORKER_THREAD_PREFIX, nameThisThread } from './nameThisThread.js';
import { type JobContext, runExecutionJob } from './runExecutionJob.js';
import { VersionedStates } from './VersionedStates.js';

const port = parentPort;
if (!port) throw new Error('callWorker.js runs only as a worker thread');
const { dataDir, chainId, rules, niceness, heapLimitMiB, slot, callTimeoutMs, stopSignal } = workerData as CallWorkerData;
nameThisThread(`${CALL_WORKER_THREAD_PREFIX}${slot}`);
lowerThreadPriority(niceness);
const storage = new LmdbStorage(dataDir, { readOnly: true });
const chain = new ChainReader(storage);
// A chain from a geth genesis file keeps the file in its data directory: its fork schedule applies here too.
const genesisText = storage.getRecord<string>(recordKeys.genesis);
const common = commonOfChain(chainId, genesisText === undefined ? undefined : parseGethGenesis(genesisText), rules);
const blockHash = (number: bigint) => {
  const block = chain.blockByNumber(Number(number));
  return block ? hexToBytes(block.hash) : undefined;
};
// One VM, made again after a job its deadline stopped mid-transaction (runWithDeadline).
const vms = new VmPool(() => createExecutionVm(common, new PersistedStateReader(storage, NEWEST_VERSION), blockHash), 1);
const states = new VersionedStates(
  (version) => new PersistedStateReader(storage, version),
  () => new CachedStateReader(new PersistedStateReader(storage, NEWEST_VERSION)),
);

port.on('message', (message: CallWorkerRequest | typeof STOP_MESSAGE) => {
  // Asked to stop (WorkerLanes retires this thread, or the node closes): exiting here, between
  // tasks, is never inside native code, where being terminated would abort the process.
  if ('stop' in message) process.exit(0);
  const { id, job: wire } = message;
  const job = jobFromWire(wire);
  // One job at a time (the scheduler gives a slot its next job only after this answer).
  // The job comes from a view published after its commit; lmdb-js may still hold an older read
  // snapshot in this thread (it renews on a timer), and a pending call would then miss the newest
  // sub-blocks, a sealed state be memoised without its last ones, or BLOCKHASH read blocks a
  // rewind removed (issue 10).
  storage.refreshReadSnapshot();
  runExecutionJob(job, contextOf(job)).then(
    (value) => {
      if (isTraceJob(job)) port.postMessage({ id, ok: true, json: JSON.stringify(value ?? null) } satisfies CallWorkerResponse);
      else if (value instanceof Uint8Array) port.postMessage({ id, ok: true, hex: bytesToWireHex(value) } satisfies CallWorkerResponse);
      else port.postMessage({ id, ok: true, value } satisfies CallWorkerResponse);
    },
    (error: unknown) => port.postMessage({ id, ok: false, error: serializeCallError(error) } satisfies CallWorkerResponse),
  );
});
await warmUp();
port.postMessage({ ready: true } satisfies CallWorkerResponse);

/**
 * Runs one tiny call before the worker reports ready. The first execution in a fresh thread pays
 * V8's compilation of the VM's code paths (tens of ms; far more on a loaded machine, where this
 * thread runs at a lower priority): that belongs to the start-up, which jobs wait for outside
 * their wall-time cap, not to the first job after a time-out replaced the worker.
 */
async function warmUp(): Promise<void> {
  const head = chain.head();
  const block = head ? chain.blockByNumber(head.number) : undefined;
  if (!block) return;
  const environment = {
    number: BigInt(block.number),
    timestamp: BigInt(block.timestamp),
    gasLimit: BigInt(block.gasLimit),
    baseFeePerGas: BigInt(block.baseFeePerGas ?? 0),
    coinbase: new Uint8Array(20),
    parentHash: hexToBytes(block.hash),
  };
  // PUSH1 1, PUSH1 0, MSTORE, PUSH1 1, PUSH1 31, RETURN: returns 0x01 without touching any account's code.
  const request = { data: hexToBytes('0x60016000526001601ff3') };
  const job = { kind: 'call', request, version: NEWEST_VERSION, epoch: -1, environment, gasCap: 1_000_000n } as const;
  await runExecutionJob(job, contextOf(job)).catch(() => {});
}

/**
 * What a job runs with. A call, estimate or access list stops itself at --rpc-evm-timeout, as on the
 * main thread (executionDeadline.ts); a trace has its own deadline per transaction (attachTracer.ts).
 * Any job also stops at its next check once the main thread raises `stopSignal` to retire this
 * thread (its job timed out there, or the node is closing): then the thread exits between tasks
 * instead of being terminated mid-execution.
 */
function contextOf(job: ExecutionJob): JobContext {
  const timed = isTraceJob(job) ? undefined : deadlineIn(callTimeoutMs);
  const deadline: Deadline = { ...(timed ?? { at: Number.POSITIVE_INFINITY, timeoutMs: 0 }), stop: stopSignal };
  return {
    common,
    use: (work) => vms.use((execution) => runWithDeadline(execution, deadline, () => work(execution)), stoppedByDeadline),
    stateAt: states.forJob(job.epoch),
    heapLimitMiB,
  };
}
