import { paramsBlock } from '@ethereumjs/block';
import { Hardfork, Mainnet } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { keccak256 } from '../primitives/keccak.js';
import { ecrecover } from '../primitives/secp256k1.js';
import { ScheduledCommon } from './ScheduledCommon.js';

/** The hardfork whose rules a chain without a genesis file (`--genesis`) runs, for every block. */
export const CHAIN_HARDFORK = Hardfork.Prague;

/**
 * The ethereumjs Common of a chain without a genesis file: mainnet's Prague rules under our chain id
 * for every block, with sender recovery through native libsecp256k1 (see primitives/secp256k1.ts for why).
 */
export function createChainCommon(chainId: bigint): ScheduledCommon {
  const common = ScheduledCommon.create(
    { chain: { ...Mainnet, chainId: Number(chainId), name: 'sequin' }, hardfork: CHAIN_HARDFORK, customCrypto: { ecrecover, keccak256 } },
    { forkAt: () => CHAIN_HARDFORK, latest: CHAIN_HARDFORK },
  );
  for (const table of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(table);
  return common;
}
