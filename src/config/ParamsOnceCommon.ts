import { Common, type ParamsDict } from '@ethereumjs/common';

/**
 * A Common that applies each parameter set once. Every ethereumjs tx and block header copies
 * its Common and calls `updateParams` with the same module-level tables, which deep-copies
 * them through JSON and rebuilds the parameter cache: measured at ~30% of eth_call and ~40%
 * of tx decoding. The chain's Common applies every package's table once at creation, so each
 * copy already holds them in its cache, and copies skip tables already applied (by identity).
 */
export class ParamsOnceCommon extends Common {
  private applied = new Set<ParamsDict>();

  override copy(): Common {
    const copy = super.copy() as ParamsOnceCommon;
    copy.applied = new Set(this.applied);
    return copy;
  }

  override updateParams(params: ParamsDict): void {
    if (this.applied.has(params)) return;
    super.updateParams(params);
    this.applied.add(params);
  }
}
