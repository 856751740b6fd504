/**
 * `switchOrAddChain(provider, chainData)`: the usual flow for "use this network":
 *
 *   wallet_switchEthereumChain ─ok─▶ 'switched'
 *        │ 4902 (unknown chain) or 4200 (no switch method)
 *        ▼
 *   wallet_addEthereumChain ─ok─▶ (switch again if the wallet added without switching) ─▶ 'added'
 *
 * Every refusal becomes a typed error (4001 → UserRejectedRequestError, 4100 →
 * ChainAdditionNotSupportedError with the values to type by hand, 4902 → UnrecognizedChainError,
 * -32602 → InvalidChainDataError).
 */
import type { ChainData } from '../shared/chainData.js';
import { addChain, checkChainData, type Eip1193Provider, toChainRequestError } from './addChain.js';
import { walletErrorCode } from './walletErrorCode.js';

/** Makes `chainData`'s chain the wallet's active one, adding it first if needed. */
export async function switchOrAddChain(provider: Eip1193Provider, chainData: ChainData): Promise<'switched' | 'added'> {
  const chain = checkChainData(chainData);
  try {
    await switchChain(provider, chain.chainId);
    return 'switched';
  } catch (error) {
    const code = walletErrorCode(error);
    if (code !== 4902 && code !== 4200 && code !== -32601) throw toChainRequestError(error, chain, 'wallet_switchEthereumChain');
  }
  await addChain(provider, chain);
  const current = await provider.request({ method: 'eth_chainId' }).catch(() => undefined);
  if (typeof current !== 'string' || BigInt(current) !== BigInt(chain.chainId)) {
    try {
      await switchChain(provider, chain.chainId);
    } catch (error) {
      throw toChainRequestError(error, chain, 'wallet_switchEthereumChain');
    }
  }
  return 'added';
}

function switchChain(provider: Eip1193Provider, chainId: string): Promise<unknown> {
  return provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
}
