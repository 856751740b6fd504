/**
 * `wallet_addEthereumChain` (EIP-3085), in this order:
 *
 *   site turned off? ─▶ 4100 │ params ─▶ -32602 │ known chain, other symbol ─▶ -32602
 *   └▶ (one request per site at a time, else -32002)
 *      new RPC URLs ─eth_chainId─▶ none confirms ─▶ 4902 (id reported in data) / unreachable ─▶ -32603
 *      └▶ approval dialog ─Reject─▶ 4001 │ Approve ─▶ store once (merge URLs), switch, chainChanged ─▶ null
 *
 * Re-adding the active chain with nothing new answers null without a dialog, as MetaMask does.
 */
import type { ChainData } from '../shared/chainData.js';
import { invalidParamsError, methodNotSupportedError, userRejectedError } from '../shared/providerErrors.js';
import { validateAddEthereumChainParams } from '../shared/validateChainData.js';
import type { ApprovalRequest } from './Approver.js';
import { confirmChainId } from './confirmChainId.js';
import { describeHost } from './describeHost.js';
import type { Network } from './NetworkStore.js';
import type { WalletContext } from './WalletContext.js';

/** Handles one `wallet_addEthereumChain` request; resolves null once the chain is added and active. */
export async function addEthereumChain(context: WalletContext, params: unknown): Promise<null> {
  if (!context.settings.additionsAllowed(context.origin)) throw methodNotSupportedError();
  const chain = validateAddEthereumChainParams(params, { devMode: context.settings.devMode });
  const known = context.networks.get(chain.chainId);
  if (known && known.nativeCurrency.symbol !== chain.nativeCurrency.symbol) {
    throw invalidParamsError(
      `nativeCurrency.symbol does not match currency symbol for a network the user already has added with the same chainId. Received:\n${chain.nativeCurrency.symbol}`,
    );
  }
  const newRpcUrls = known ? chain.rpcUrls.filter((url) => !known.rpcUrls.includes(url)) : chain.rpcUrls;
  if (known && newRpcUrls.length === 0 && context.networks.active()?.chainId === known.chainId) return null;

  return context.exclusive('wallet_addEthereumChain', async () => {
    const confirmedUrls = newRpcUrls.length > 0 ? await confirmChainId(newRpcUrls, chain.chainId) : [];
    const approved = await context.approver.ask(approvalRequest(context.origin, chain, confirmedUrls, known));
    if (!approved) throw userRejectedError();
    // Only URLs that confirmed the chain id are kept; for a known chain they are merged into it.
    context.networks.upsert({ ...chain, rpcUrls: confirmedUrls.length > 0 ? confirmedUrls : known!.rpcUrls });
    context.activate(chain.chainId);
    return null;
  });
}

/** What the dialog shows: who asks, the chain (id in decimal and hex), RPC host, currency. */
function approvalRequest(origin: string, chain: Required<ChainData>, confirmedUrls: string[], known: Network | undefined): ApprovalRequest {
  const rpcUrl = confirmedUrls[0] ?? known!.rpcUrls[0]!;
  const host = describeHost(rpcUrl);
  const title = !known ? 'Add a network?' : confirmedUrls.length > 0 ? `Add an RPC URL to ${known.chainName}?` : `Switch to ${known.chainName}?`;
  const rows = [
    { label: 'Network', value: known?.chainName ?? chain.chainName },
    { label: 'Chain ID', value: `${BigInt(chain.chainId)} (${chain.chainId})` },
    { label: 'RPC host', value: host.unicode ? `${host.host} (displayed as ${host.unicode})` : host.host },
    { label: 'RPC URL', value: rpcUrl },
    { label: 'Currency', value: `${chain.nativeCurrency.symbol} (${chain.nativeCurrency.name}, ${chain.nativeCurrency.decimals} decimals)` },
  ];
  if (chain.blockExplorerUrls.length > 0) rows.push({ label: 'Explorer', value: chain.blockExplorerUrls[0]! });
  const warnings = confirmedUrls.flatMap((url) => describeHost(url).warnings);
  return { title, origin, rows, warnings: [...new Set(warnings)], iconUrls: chain.iconUrls };
}
