/**
 * The entry point of a call worker thread (started by {@link CallExecutor}; bundled on its own as
 * dist/bundle/callWorker.js). It opens the node's LMDB environment read-only (no data-directory
 * lock), builds the chain's Common and one VM, and answers jobs one at a time:
 *
 *   main thread ──{ id, job }──▶ worker: PersistedStateReader(storage, job.version)
 *        ▲                              └▶ executeCall / executeEstimate (runCall, estimateGas)
 *        └────────{ id, ok, value | error }◀┘
 *
 * "pending" is NEWEST_VERSION: a sub-block is committed before it is published, so the newest
 * versions in LMDB are the pre-confirmed state. BLOCKHASH reads the sealed blocks' records.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ChainReader } from '../../chain/ChainReader.js';
import { createChainCommon } from '../../config/chainCommon.js';
import { hexToBytes } from '../../primitives/hex.js';
import { LmdbStorage } from '../../storage/LmdbStorage.js';
import { CachedStateReader } from '../CachedStateReader.js';
import { createExecutionVm, type ExecutionVm } from '../createExecutionVm.js';
import { NEWEST_VERSION, PersistedStateReader } from '../PersistedStateReader.js';
import type { StateReader } from '../StateReader.js';
import type { CallJob, CallJobResult, CallWorkerData, CallWorkerRequest, CallWorkerResponse } from './CallJob.js';
import { serializeCallError } from './callJobErrors.js';
import { executeCall, executeEstimate } from './executeCallJob.js';

const port = parentPort;
if (!port) throw new Error('callWorker.js runs only as a worker thread');
const { dataDir, chainId } = workerData as CallWorkerData;
const storage = new LmdbStorage(dataDir, { readOnly: true });
const chain = new ChainReader(storage);
const common = createChainCommon(chainId);
const blockHash = (number: bigint) => {
  const block = chain.blockByNumber(Number(number));
  return block ? hexToBytes(block.hash) : undefined;
};
const execution: ExecutionVm = await createExecutionVm(common, new PersistedStateReader(storage, NEWEST_VERSION), blockHash);

/** The last sealed state read, memoised across jobs: sealed states never change within a rewind epoch. */
let sealedState: { version: number; epoch: number; reader: StateReader } | undefined;

/**
 * The state a job reads. "pending" (the newest versions) may move between jobs, so it is
 * memoised for one job only, which also gives an estimation loop one consistent snapshot.
 */
function stateFor(version: number, epoch: number): StateReader {
  if (version === NEWEST_VERSION) return new CachedStateReader(new PersistedStateReader(storage, version));
  if (sealedState?.version !== version || sealedState.epoch !== epoch) {
    sealedState = { version, epoch, reader: new CachedStateReader(new PersistedStateReader(storage, version)) };
  }
  return sealedState.reader;
}

async function run(job: CallJob): Promise<CallJobResult> {
  // The job comes from a view published after its commit; lmdb-js may still hold an older read
  // snapshot in this thread (it renews on a timer), and a pending call would then miss the
  // newest sub-blocks, or a sealed state be memoised without its last ones (issue 10).
  storage.refreshReadSnapshot();
  const options = {
    common,
    use: <T>(work: (execution: ExecutionVm) => Promise<T>) => work(execution),
    state: stateFor(job.version, job.epoch),
    environment: job.environment,
    request: job.request,
    gasCap: job.gasCap,
  };
  return job.kind === 'call' ? executeCall(options) : executeEstimate(options);
}

port.on('message', ({ id, job }: CallWorkerRequest) => {
  // One job at a time (the executor sends the next only after this answer).
  run(job).then(
    (value) => port.postMessage({ id, ok: true, value } satisfies CallWorkerResponse),
    (error: unknown) => port.postMessage({ id, ok: false, error: serializeCallError(error) } satisfies CallWorkerResponse),
  );
});
port.postMessage({ ready: true } satisfies CallWorkerResponse);
