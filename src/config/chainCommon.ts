import { paramsBlock } from '@ethereumjs/block';
import { Mainnet } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import type { ForkName } from './ChainSpec.js';
import { type ChainHardfork, DEFAULT_HARDFORK } from './chainHardfork.js';
import type { BlockPosition } from './forkAt.js';
import { NATIVE_CRYPTO } from './nativeCrypto.js';
import { isOpForkActive, type OpStackChain } from './opStack/OpStackChain.js';
import { ScheduledCommon } from './ScheduledCommon.js';

/** The newest Ethereum fork an OP Stack chain's forks bring (Isthmus brings Prague); `--hardfork` does not apply to OP chains. */
const OP_STACK_LATEST_ETHEREUM_FORK: ForkName = 'prague';

/**
 * The ethereumjs Common of a chain without a genesis file: mainnet's rules of `hardfork` (`--hardfork`,
 * see chainHardfork.ts) under our chain id for every block, with native crypto (config/nativeCrypto.ts).
 * An OP Stack chain (`opStack`, `--network`) runs Ethereum's forks as OP layers them on its own, by
 * timestamp: Bedrock is post-merge London, Canyon brings Shanghai, Ecotone Cancun, Isthmus Prague
 * (op-geth's and base/base's pairing); its OP forks are told apart by the chain's `opStack`
 * (execution/opStack/).
 */
export function createChainCommon(chainId: bigint, hardfork: ChainHardfork = DEFAULT_HARDFORK, opStack?: OpStackChain): ScheduledCommon {
  const latest = opStack ? OP_STACK_LATEST_ETHEREUM_FORK : hardfork;
  const common = ScheduledCommon.create(
    { chain: { ...Mainnet, chainId: Number(chainId), name: opStack ? opStack.network : 'sequin' }, hardfork: latest, customCrypto: NATIVE_CRYPTO },
    opStack ? { forkAt: (position) => ethereumForkOfOpChain(opStack, position), latest, opStack } : { forkAt: () => hardfork, latest },
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
