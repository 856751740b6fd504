/**
 * `addChain(provider, chainData)`: asks any EIP-1193 wallet to add a chain (EIP-3085) after
 * checking the data with the same rules our wallet applies, and turns the wallet's refusals into
 * typed errors (see errors.ts).
 */
import type { ChainData } from '../shared/chainData.js';
import { isProviderError } from '../shared/providerErrors.js';
import { validateChainData } from '../shared/validateChainData.js';
import {
  ChainAdditionNotSupportedError,
  type ChainRequestError,
  InvalidChainDataError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WalletRequestError,
} from './errors.js';
import { walletErrorCode, walletErrorMessage } from './walletErrorCode.js';

/** The one EIP-1193 method the helper needs. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/**
 * Checks chain data before it is sent; throws {@link InvalidChainDataError} with the reason.
 * http URLs are accepted for localhost, 127.0.0.1 and [::1] only (as wallets do); empty optional
 * lists are dropped, since some wallets refuse `[]`.
 */
export function checkChainData(chainData: ChainData): ChainData {
  let chain: Required<ChainData>;
  const { blockExplorerUrls: explorers, iconUrls: icons, ...rest } = chainData;
  const withoutEmptyLists = { ...rest, ...(explorers?.length && { blockExplorerUrls: explorers }), ...(icons?.length && { iconUrls: icons }) };
  try {
    chain = validateChainData(withoutEmptyLists, { devMode: true });
  } catch (error) {
    throw new InvalidChainDataError(walletErrorMessage(error), error);
  }
  const { blockExplorerUrls, iconUrls, ...required } = chain;
  return { ...required, ...(blockExplorerUrls.length > 0 && { blockExplorerUrls }), ...(iconUrls.length > 0 && { iconUrls }) };
}

/** Sends `wallet_addEthereumChain`; resolves once the wallet added the chain (it usually switches to it too). */
export async function addChain(provider: Eip1193Provider, chainData: ChainData): Promise<void> {
  const chain = checkChainData(chainData);
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [chain] });
  } catch (error) {
    throw toChainRequestError(error, chain, 'wallet_addEthereumChain');
  }
}

/** Maps a wallet's error for `method` on `chain` to the helper's typed errors. */
export function toChainRequestError(error: unknown, chain: ChainData, method: string): ChainRequestError {
  const code = walletErrorCode(error);
  const message = walletErrorMessage(error);
  switch (code) {
    case 4001:
      return new UserRejectedRequestError(error);
    case 4100:
    case 4200:
      return new ChainAdditionNotSupportedError(chain, error);
    case 4902:
      return new UnrecognizedChainError(chain, message, reportedChainId(error), error);
    case -32602:
      return new InvalidChainDataError(message, error);
    default:
      return new WalletRequestError(method, code, message, error);
  }
}

function reportedChainId(error: unknown): string | undefined {
  if (!isProviderError(error)) return undefined;
  const reported = (error.data as { reportedChainId?: unknown } | undefined)?.reportedChainId;
  return typeof reported === 'string' && /^0x[0-9a-fA-F]+$/.test(reported) ? reported : undefined;
}
