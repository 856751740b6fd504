import { paramsBlock } from '@ethereumjs/block';
import { Hardfork, Mainnet } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { keccak256 } from '../primitives/keccak.js';
import { ecrecover } from '../primitives/secp256k1.js';
import type { ForkName } from './ChainSpec.js';
import type { BlockPosition } from './forkAt.js';
import { isOpForkActive, type OpStackChain } from './opStack/OpStackChain.js';
import { ScheduledCommon } from './ScheduledCommon.js';

/** The hardfork whose rules a chain without a genesis file (`--genesis`) runs, for every block. */
export const CHAIN_HARDFORK = Hardfork.Prague;

/**
 * The ethereumjs Common of a chain without a genesis file: mainnet's Prague rules under our chain id
 * for every block, with sender recovery through native libsecp256k1 (see primitives/secp256k1.ts for why).
 * An OP Stack chain (`opStack`) runs Ethereum's forks as OP layers them on its own, by timestamp: Bedrock
 * is post-merge London, Canyon brings Shanghai, Ecotone Cancun, Isthmus Prague (op-geth's and base/base's
 * pairing); its OP forks are told apart by the chain's `opStack` (execution/opStack/).
 */
export function createChainCommon(chainId: bigint, opStack?: OpStackChain): ScheduledCommon {
  const common = ScheduledCommon.create(
    {
      chain: { ...Mainnet, chainId: Number(chainId), name: opStack ? opStack.network : 'sequin' },
      hardfork: CHAIN_HARDFORK,
      customCrypto: { ecrecover, keccak256 },
    },
    opStack
      ? { forkAt: (position) => ethereumForkOfOpChain(opStack, position), latest: CHAIN_HARDFORK, opStack }
      : { forkAt: () => CHAIN_HARDFORK, latest: CHAIN_HARDFORK },
  );
  for (const table of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(table);
  return common;
}

/** The Ethereum fork an OP Stack block runs: the one its latest OP fork brings. */
function ethereumForkOfOpChain(chain: OpStackChain, { timestamp }: BlockPosition): ForkName {
  if (isOpForkActive(chain, 'isthmus', timestamp)) return 'prague';
  if (isOpForkActive(chain, 'ecotone', timestamp)) return 'cancun';
  if (isOpForkActive(chain, 'canyon', timestamp)) return 'shanghai';
  return 'paris';
}
