/**
 * `wallet_switchEthereumChain` (EIP-3326): switches to a network the user already approved.
 * An unknown chain answers 4902 with the message dApps test for before calling
 * wallet_addEthereumChain. Switching needs no dialog: the network was approved when added, and
 * every transaction dialog names the network it signs for.
 */
import { invalidParamsError, ProviderErrorCode, ProviderRpcError } from '../shared/providerErrors.js';
import { singleObjectParam, validateChainId } from '../shared/validateChainData.js';
import type { WalletContext } from './WalletContext.js';

/** Handles one `wallet_switchEthereumChain` request; resolves null once the chain is active. */
export async function switchEthereumChain(context: WalletContext, params: unknown): Promise<null> {
  const param = singleObjectParam(params);
  const unknownKeys = Object.keys(param).filter((key) => key !== 'chainId');
  if (unknownKeys.length > 0) throw invalidParamsError(`Received unexpected keys on object parameter. Unsupported keys:\n${unknownKeys.join(', ')}`);
  const chainId = validateChainId(param.chainId);
  const network = context.networks.get(chainId);
  if (!network) {
    throw new ProviderRpcError(
      ProviderErrorCode.unrecognizedChain,
      `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`,
    );
  }
  context.activate(network.chainId);
  return null;
}
