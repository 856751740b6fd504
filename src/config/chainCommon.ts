import { paramsBlock } from '@ethereumjs/block';
import { Mainnet } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { type ChainHardfork, DEFAULT_HARDFORK } from './chainHardfork.js';
import { NATIVE_CRYPTO } from './nativeCrypto.js';
import { ScheduledCommon } from './ScheduledCommon.js';

/**
 * The ethereumjs Common of a chain without a genesis file: mainnet's rules of `hardfork` (`--hardfork`,
 * see chainHardfork.ts) under our chain id for every block, with native crypto (config/nativeCrypto.ts).
 */
export function createChainCommon(chainId: bigint, hardfork: ChainHardfork = DEFAULT_HARDFORK): ScheduledCommon {
  const common = ScheduledCommon.create(
    { chain: { ...Mainnet, chainId: Number(chainId), name: 'sequin' }, hardfork, customCrypto: NATIVE_CRYPTO },
    { forkAt: () => hardfork, latest: hardfork },
  );
  for (const table of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(table);
  return common;
}
