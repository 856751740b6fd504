import { paramsBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet, type ParamsDict } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { keccak256 } from '../primitives/keccak.js';
import { ecrecover } from '../primitives/secp256k1.js';

/** The hardfork whose rules the chain runs. */
export const CHAIN_HARDFORK = Hardfork.Prague;

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

/**
 * The ethereumjs Common for this chain: mainnet's Prague rules under our chain id, with sender
 * recovery through native libsecp256k1 (see primitives/secp256k1.ts for why).
 */
export function createChainCommon(chainId: bigint): Common {
  const common = new ParamsOnceCommon({
    chain: { ...Mainnet, chainId: Number(chainId), name: 'sequin' },
    hardfork: CHAIN_HARDFORK,
    customCrypto: { ecrecover, keccak256 },
  });
  for (const table of [paramsTx, paramsBlock, paramsVM, paramsEVM]) common.updateParams(table);
  return common;
}
