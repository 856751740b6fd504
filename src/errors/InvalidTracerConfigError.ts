import { SequinError } from './SequinError.js';

/** What is wrong with a tracer's `tracerConfig`. */
export type TracerConfigProblem =
  /** prestateTracer: diffMode and includeEmpty together. */
  | { kind: 'diffModeWithIncludeEmpty' }
  /** A boolean field holding another JSON type (`jsonType`: string, number, array or object). */
  | { kind: 'notBoolean'; goType: string; field: string; jsonType: string };

/** A tracer config geth would refuse; `problem` says why. */
export class InvalidTracerConfigError extends SequinError {
  readonly kind = 'invalidTracerConfig';

  constructor(readonly problem: TracerConfigProblem) {
    super(`invalid tracer config (${problem.kind})`);
  }
}
