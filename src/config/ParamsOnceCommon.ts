import { Common, type ParamsDict } from '@ethereumjs/common';

/**
 * A Common that applies each parameter set once, and answers isActivatedEIP from a set. Every ethereumjs tx and block header copies
 * its Common and calls `updateParams` with the same module-level tables, which deep-copies
 * them through JSON and rebuilds the parameter cache: measured at ~30% of eth_call and ~40%
 * of tx decoding. The chain's Common applies every package's table once at creation, so each
 * copy already holds them in its cache, and copies skip tables already applied (by identity).
 *
 * isActivatedEIP is asked several times per EVM step (and per call frame, state access and
 * transaction); the stock one searches the fork's list of active EIPs (~60 numbers), measured at
 * ~4% of an eth_estimateGas. Here it looks the EIP up in a set made from that list, remade
 * whenever the list is (a fork or EIP change replaces it).
 */
export class ParamsOnceCommon extends Common {
  private applied = new Set<ParamsDict>();
  private activatedEips: { list: readonly number[]; set: Set<number> } | undefined;

  override isActivatedEIP(eip: number): boolean {
    const list = (this as unknown as { _activatedEIPsCache: number[] })._activatedEIPsCache;
    let activated = this.activatedEips;
    if (activated?.list !== list) {
      activated = { list, set: new Set(list) };
      this.activatedEips = activated;
    }
    return activated.set.has(eip);
  }

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
