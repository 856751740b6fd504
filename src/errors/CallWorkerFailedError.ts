import { SequinError } from './SequinError.js';

/** The worker thread running a call died: it threw outside a job (`failed`) or exited (`exited`). */
export class CallWorkerFailedError extends SequinError {
  readonly kind = 'callWorkerFailed';

  constructor(
    readonly how: 'failed' | 'exited',
    cause?: unknown,
  ) {
    super(`call worker ${how}`, { cause });
  }
}
