/**
 * The chain data (EIP-3085's `wallet_addEthereumChain` parameter) this node offers wallets,
 * derived from its configuration: served as JSON at `GET /chain` and sent by the page's
 * "Add to wallet" button. The RPC URL and the explorer URL are both the node's base URL (the
 * explorer is the node's own page, which also answers /tx/…, /block/… and /address/…).
 */
import type { NodeConfig } from '../../config/nodeConfig.js';
import { toQuantity } from '../../primitives/hex.js';

/** EIP-3085 chain data. */
export interface ChainData {
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls: string[];
  iconUrls: string[];
}

/** The chain data of a node with `config`, reachable at `baseUrl` (no trailing slash). */
export function chainDataFor(config: Pick<NodeConfig, 'chainId'>, baseUrl: string): ChainData {
  return {
    chainId: toQuantity(config.chainId),
    chainName: `Sequin ${config.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [baseUrl],
    blockExplorerUrls: [baseUrl],
    iconUrls: [`${baseUrl}/icon.svg`],
  };
}
