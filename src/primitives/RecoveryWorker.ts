import { Worker } from 'node:worker_threads';
import { nativeBindingPath, recoverPublicKey } from './secp256k1.js';
import { stopWorkerThread } from './stopWorkerThread.js';

/** One signature to recover: the signed hash, r ‖ s and the recovery id (secp256k1.ts `packedSignature`). */
export interface RecoveryRequest {
  messageHash: Uint8Array;
  signature: Uint8Array;
  recoveryId: 0 | 1;
}

/** Bytes of one request on the wire: hash (32), r ‖ s (64), recovery id (1). */
const REQUEST_BYTES = 97;
/** Bytes of one answer: 1 when recovered (then the 64-byte key), 0 when no key made the signature. */
const ANSWER_BYTES = 65;
/**
 * Requests sent together at most: a batch goes out once this many are waiting, without waiting for the
 * end of the event-loop turn, so the thread recovers the first ones while the main thread still decodes
 * the rest of a JSON-RPC batch.
 */
const CHUNK = 16;

/**
 * The worker's code, evaluated as a script: it loads the same native binding and answers each message
 * (a packed array of requests) with one packed array of answers, in request order. It names its OS
 * thread {@link RECOVERY_THREAD_NAME} (as the execution workers name theirs: `top -H`, the bench's split by thread).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:fs').writeFileSync('/proc/thread-self/comm', workerData.threadName); } catch {}
const secp256k1 = require(workerData.bindingPath);
parentPort.on('message', ({ id, requests, count, stop }) => {
  if (stop) return parentPort.close();
  const input = new Uint8Array(requests);
  const answers = new Uint8Array(count * ${ANSWER_BYTES});
  for (let index = 0; index < count; index++) {
    const at = index * ${REQUEST_BYTES};
    try {
      const key = secp256k1.ecdsaRecover(input.slice(at + 32, at + 96), input[at + 96], input.slice(at, at + 32), false);
      answers[index * ${ANSWER_BYTES}] = 1;
      answers.set(key.subarray(1), index * ${ANSWER_BYTES} + 1);
    } catch {}
  }
  parentPort.postMessage({ id, answers: answers.buffer }, [answers.buffer]);
});
parentPort.postMessage({ ready: true });
`;

/** How long {@link RecoveryWorker.close} waits for the thread to stop: a batch of {@link CHUNK} recoveries takes ~1 ms. */
const STOP_WAIT_MS = 2_000;

/** The recovery thread's OS name (Linux: /proc/<pid>/task/<tid>/comm). */
export const RECOVERY_THREAD_NAME = 'sequin-recover';

interface Waiting {
  request: RecoveryRequest;
  done: (publicKey: Uint8Array | undefined) => void;
}

/**
 * secp256k1 public-key recovery on a worker thread, in batches: the ~60 µs of native recovery each
 * submitted transaction needs (issue 28) leaves the main thread, which decodes, admits and answers.
 * Requests made in one event-loop turn go in one message (or chunks of {@link CHUNK}); answers come
 * back in request order. Until the thread is ready, and for good after it fails, recovery runs on
 * the calling thread instead, so nothing waits on a thread that is not there. The thread holds the
 * process open only while it has work.
 */
export class RecoveryWorker {
  private worker: Worker | undefined;
  private ready = false;
  private failed = false;
  private queued: Waiting[] = [];
  private flushScheduled = false;
  private nextBatchId = 0;
  private readonly inFlight = new Map<number, Waiting[]>();

  /**
   * Calls `done` with `request`'s public key (64 bytes, no 0x04 prefix), or undefined when no key made
   * the signature: before this returns when the thread is not ready (recovered here), otherwise later.
   */
  recover(request: RecoveryRequest, done: (publicKey: Uint8Array | undefined) => void): void {
    if (!this.ready) {
      this.start();
      done(recoverSignerKey(request));
      return;
    }
    this.queued.push({ request, done });
    if (this.queued.length >= CHUNK) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush({ loneHere: true });
      });
    }
  }

  /**
   * Stops the thread; requests still out are recovered here. The thread is asked to stop after the
   * batches it holds (stopWorkerThread.ts: terminating it inside secp256k1's native code would abort
   * the process); only a thread that has not stopped after {@link STOP_WAIT_MS} is terminated.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.failed = true;
    this.fallBack();
    if (worker) await stopWorkerThread(worker, STOP_WAIT_MS);
  }

  private start(): void {
    if (this.worker || this.failed) return;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bindingPath: nativeBindingPath(), threadName: RECOVERY_THREAD_NAME },
      name: RECOVERY_THREAD_NAME,
    });
    this.worker = worker;
    worker.unref();
    worker.on('message', (message: { ready: true } | { id: number; answers: ArrayBuffer }) => {
      if ('ready' in message) {
        this.ready = !this.failed;
        return;
      }
      const batch = this.inFlight.get(message.id);
      if (!batch) return;
      this.inFlight.delete(message.id);
      if (this.inFlight.size === 0) worker.unref();
      const answers = new Uint8Array(message.answers);
      for (let index = 0; index < batch.length; index++) {
        const at = index * ANSWER_BYTES;
        batch[index]!.done(answers[at] === 1 ? answers.slice(at + 1, at + ANSWER_BYTES) : undefined);
      }
    });
    // A thread that failed or exited answers nothing more: what it held is recovered here, and so is everything after.
    worker.on('error', () => this.fail());
    worker.on('exit', () => this.fail());
  }

  private fail(): void {
    this.failed = true;
    this.fallBack();
  }

  /** Answers every request not yet answered by the thread, here, in the order they were made. */
  private fallBack(): void {
    this.ready = false;
    this.worker = undefined;
    const waiting = [...[...this.inFlight.values()].flat(), ...this.queued];
    this.inFlight.clear();
    this.queued = [];
    for (const { request, done } of waiting) done(recoverSignerKey(request));
  }

  /**
   * Sends the queued requests to the thread. With `loneHere` (the end of an event-loop turn), a turn's
   * only request is recovered here instead: a sender with one transaction in flight would otherwise
   * wait for two thread wake-ups, which take longer than the recovery itself.
   */
  private flush({ loneHere = false }: { loneHere?: boolean } = {}): void {
    const batch = this.queued;
    if (batch.length === 0) return;
    if (!this.worker) {
      this.fallBack();
      return;
    }
    if (loneHere && batch.length === 1) {
      this.queued = [];
      const [{ request, done }] = batch as [Waiting];
      done(recoverSignerKey(request));
      return;
    }
    this.queued = [];
    const requests = new Uint8Array(batch.length * REQUEST_BYTES);
    for (let index = 0; index < batch.length; index++) {
      const { messageHash, signature, recoveryId } = batch[index]!.request;
      const at = index * REQUEST_BYTES;
      requests.set(messageHash, at);
      requests.set(signature, at + 32);
      requests[at + 96] = recoveryId;
    }
    const id = this.nextBatchId++;
    this.inFlight.set(id, batch);
    this.worker.ref();
    this.worker.postMessage({ id, requests: requests.buffer, count: batch.length }, [requests.buffer]);
  }
}

/** The public key that made `request`'s signature, recovered on the calling thread; undefined when none did. */
export function recoverSignerKey({ messageHash, signature, recoveryId }: RecoveryRequest): Uint8Array | undefined {
  try {
    return recoverPublicKey(messageHash, signature, recoveryId);
  } catch {
    return undefined;
  }
}
