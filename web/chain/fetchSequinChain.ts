import type { Chain } from 'viem';

/**
 * The viem `Chain` a running node describes itself with (`GET /chain/viem`): its chain id, block
 * time, pre-confirmation interval, public URLs and whether it has Multicall3, so a client needs
 * only the node's URL. `url` is the node's base URL (no `/v1/<key>` path: the route is public).
 * Rejects when the node cannot be reached or answers anything but 200.
 */
export async function fetchSequinChain(url: string): Promise<Chain> {
  const response = await fetch(`${url.replace(/\/+$/, '')}/chain/viem`);
  if (!response.ok) throw new Error(`GET ${url}/chain/viem answered HTTP ${response.status}`);
  return (await response.json()) as Chain;
}
