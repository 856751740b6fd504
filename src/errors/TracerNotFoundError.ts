import { SequinError } from './SequinError.js';

/** A trace config names a tracer Sequin does not have (it has no JavaScript tracers). */
export class TracerNotFoundError extends SequinError {
  readonly kind = 'tracerNotFound';

  constructor(readonly tracer: string) {
    super(`no tracer named ${JSON.stringify(tracer)}`);
  }
}
