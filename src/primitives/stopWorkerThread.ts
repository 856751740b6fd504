import type { Worker } from 'node:worker_threads';

/** The message a Sequin worker thread takes as "finish what you hold, then exit". */
export const STOP_MESSAGE = { stop: true } as const;

/**
 * Stops a worker thread the safe way: asks it to stop ({@link STOP_MESSAGE}) and waits up to
 * `waitMs` for it to exit, and only then terminates it.
 *
 * Why not `worker.terminate()` at once: a thread terminated while inside secp256k1's native code
 * (transaction recovery, the EVM's ECRECOVER precompile) takes the whole process with it:
 * "terminate called after throwing an instance of 'Napi::Error'", SIGABRT. A stop message is
 * handled between the thread's tasks, where no native call is running. Resolves once the thread is
 * gone: `stopped` when it exited by itself (or was gone already), `terminated` when it had to be.
 */
export async function stopWorkerThread(worker: Worker, waitMs: number): Promise<'stopped' | 'terminated'> {
  if (worker.threadId === -1) return 'stopped';
  let timer: NodeJS.Timeout | undefined;
  const exited = new Promise<boolean>((resolve) => worker.once('exit', () => resolve(true)));
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    worker.postMessage(STOP_MESSAGE);
  } catch {
    // A thread already gone cannot be posted to; nothing is left to stop.
    clearTimeout(timer);
    return 'stopped';
  }
  const stopped = await Promise.race([exited, waited]);
  clearTimeout(timer);
  if (stopped) return 'stopped';
  await worker.terminate();
  return 'terminated';
}
