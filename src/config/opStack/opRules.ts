import { isOpForkActive, type OpStackChain } from './OpStackChain.js';

/** Which OP forks a block at `timestamp` runs (op-geth's `IsOptimismX(time)`). */
export interface OpRules {
  chain: OpStackChain;
  regolith: boolean;
  canyon: boolean;
  ecotone: boolean;
  fjord: boolean;
  holocene: boolean;
  isthmus: boolean;
  jovian: boolean;
}

export function opRulesAt(chain: OpStackChain, timestamp: bigint): OpRules {
  const active = (fork: Parameters<typeof isOpForkActive>[1]) => isOpForkActive(chain, fork, timestamp);
  return {
    chain,
    regolith: active('regolith'),
    canyon: active('canyon'),
    ecotone: active('ecotone'),
    fjord: active('fjord'),
    holocene: active('holocene'),
    isthmus: active('isthmus'),
    jovian: active('jovian'),
  };
}
