import type { OpStackChain } from '../config/opStack/OpStackChain.js';
import { L1_BLOCK } from '../config/opStack/predeployAddresses.js';
import { codeOf, type StateReader } from '../execution/StateReader.js';

/**
 * Refuses a data directory started under the other kind of chain: an OP Stack chain's (`--network`) has
 * L1Block's code at 0x4200…0015 from its genesis, Sequin's own chain has none there. Running one with the
 * other's rules would write blocks neither could replay. (Which OP network it was, the chain id tells.)
 */
export function checkDataDirNetwork(state: StateReader, opStack: OpStackChain | undefined): void {
  const holdsOpChain = codeOf(state, L1_BLOCK).length > 0;
  if (holdsOpChain && opStack === undefined) {
    throw new Error('the data directory holds an OP Stack chain; start it with the --network it was created with, or use another --data-dir');
  }
  if (!holdsOpChain && opStack !== undefined) {
    throw new Error(`the data directory holds an Ethereum chain, not an OP Stack chain (--network ${opStack.network}); use another --data-dir`);
  }
}
