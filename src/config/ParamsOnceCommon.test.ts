// isActivatedEIP answered from a set must say what ethereumjs' own list search says, after every
// kind of change to the active EIPs (a fork switch, a copy switched to another fork, extra EIPs).

import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { describe, expect, it } from 'vitest';
import { ParamsOnceCommon } from './ParamsOnceCommon.js';

/** Every EIP number either answer could know of. */
const EIPS = Array.from({ length: 8_200 }, (_, index) => index);

function activatedByList(common: Common): number[] {
  return EIPS.filter((eip) => Common.prototype.isActivatedEIP.call(common, eip));
}

function activatedBySet(common: Common): number[] {
  return EIPS.filter((eip) => common.isActivatedEIP(eip));
}

describe('ParamsOnceCommon.isActivatedEIP', () => {
  it('answers as the stock list search for each fork, also after switching forks and in copies', () => {
    const common = new ParamsOnceCommon({ chain: Mainnet, hardfork: Hardfork.London });
    expect(activatedBySet(common)).toEqual(activatedByList(common));
    expect(common.isActivatedEIP(1559)).toBe(true);
    expect(common.isActivatedEIP(4844)).toBe(false);
    for (const fork of [Hardfork.Cancun, Hardfork.Berlin, Hardfork.Prague, Hardfork.Osaka]) {
      common.setHardfork(fork);
      expect(activatedBySet(common), fork).toEqual(activatedByList(common));
      const copy = common.copy();
      copy.setHardfork(Hardfork.Istanbul);
      expect(activatedBySet(copy)).toEqual(activatedByList(copy));
      expect(activatedBySet(common), `${fork} after its copy switched`).toEqual(activatedByList(common));
    }
  });

  it('sees EIPs activated on top of the fork', () => {
    const common = new ParamsOnceCommon({ chain: Mainnet, hardfork: Hardfork.Cancun });
    expect(common.isActivatedEIP(7702)).toBe(false);
    common.setEIPs([7702]);
    expect(common.isActivatedEIP(7702)).toBe(true);
    expect(activatedBySet(common)).toEqual(activatedByList(common));
  });
});
