/**
 * The viem `Chain` of this node (what `sequin/chain`'s `sequinChain()` builds, as JSON), served at
 * `GET /chain/viem` and read by `fetchSequinChain(url)`. It is not merged into `GET /chain`: that
 * answer is EIP-3085 chain data for `wallet_addEthereumChain`, and wallets (MetaMask, Sequin's own)
 * refuse a parameter with keys EIP-3085 does not define.
 *
 * `experimental_preconfirmationTime` (the pre-confirmation interval) makes viem read `pending` by
 * default and poll for receipts every interval; `blockTime` sets its other polling intervals.
 */
import type { NodeConfig } from '../../config/nodeConfig.js';

/** Multicall3's canonical address (a preinstall). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The viem chain of a node with `config` reachable at `baseUrl` (no trailing slash); `multicall3`: whether Multicall3 has code on the chain. */
export function viemChainFor(
  config: Pick<NodeConfig, 'chainId' | 'blockTimeMs' | 'preconfIntervalMs'>,
  baseUrl: string,
  multicall3: boolean,
  /** The sequencer key's address (`custom.sequencer`: what `sequin/verify` checks against), when known. */
  sequencer?: string,
) {
  const id = Number(config.chainId);
  return {
    id,
    name: `Sequin ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [baseUrl], webSocket: [baseUrl.replace(/^http/, 'ws')] } },
    blockExplorers: { default: { name: 'Sequin', url: baseUrl } },
    blockTime: config.blockTimeMs,
    experimental_preconfirmationTime: config.preconfIntervalMs,
    ...(multicall3 ? { contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } } } : {}),
    ...(sequencer ? { custom: { sequencer } } : {}),
  };
}
