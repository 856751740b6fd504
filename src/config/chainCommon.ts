import { type Common, createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { keccak256 } from '../primitives/keccak.js';
import { ecrecover } from '../primitives/secp256k1.js';

/** The hardfork whose rules the chain runs. */
export const CHAIN_HARDFORK = Hardfork.Prague;

/**
 * The ethereumjs Common for this chain: mainnet's Prague rules under our chain id, with sender
 * recovery through native libsecp256k1 (see primitives/secp256k1.ts for why).
 */
export function createChainCommon(chainId: bigint): Common {
  return createCustomCommon({ chainId: Number(chainId), name: 'sequin' }, Mainnet, {
    hardfork: CHAIN_HARDFORK,
    customCrypto: { ecrecover, keccak256 },
  });
}
