import type { Chain } from 'viem';

/** Multicall3's canonical address: a Sequin chain has it from genesis (a preinstall, unless `--no-preinstalls`). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** What {@link sequinChain} builds a chain from; everything but `url` has the node's default. */
export interface SequinChainOptions {
  /** The node's HTTP URL, e.g. `http://127.0.0.1:8545` (a dedicated endpoint's `/v1/<key>` path is kept). */
  url: string;
  /** `--chain-id`; default 31337. */
  chainId?: number;
  /** `--block-time` in ms: how often blocks are sealed; default 2000. */
  blockTime?: number;
  /** `--preconf-interval` in ms: how often sub-blocks pre-confirm transactions; default 200. */
  preconfirmationTime?: number;
  /** The WebSocket URL; default the HTTP URL with ws(s):. */
  webSocketUrl?: string;
  /** Whether the chain has Multicall3 (its preinstall); default true. */
  multicall3?: boolean;
  /** Default `Sequin <chainId>`. */
  name?: string;
  /**
   * The sequencer key's address (`sequin_sequencer`, the node's start-up line), which `sequin/verify` checks
   * pre-confirmations against: kept as `custom.sequencer`. Take it from a source you trust, not from the RPC
   * whose answers it is to check.
   */
  sequencer?: `0x${string}`;
}

/**
 * A viem `Chain` for a Sequin node. `experimental_preconfirmationTime` is what makes viem fast here:
 * with it, viem clients read at the `pending` block tag by default (balances, nonces, calls see
 * pre-confirmed transactions) and `waitForTransactionReceipt` polls every pre-confirmation interval,
 * so a receipt arrives within about two intervals instead of at the block's seal. `blockTime` sets
 * the other polling intervals and caches; `contracts.multicall3` lets `multicall` and
 * `readContracts` batch reads.
 */
export function sequinChain(options: SequinChainOptions): Chain {
  const url = options.url.replace(/\/+$/, '');
  const chainId = options.chainId ?? 31337;
  return {
    id: chainId,
    name: options.name ?? `Sequin ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url], webSocket: [options.webSocketUrl ?? url.replace(/^http/, 'ws')] } },
    blockExplorers: { default: { name: 'Sequin', url } },
    blockTime: options.blockTime ?? 2000,
    experimental_preconfirmationTime: options.preconfirmationTime ?? 200,
    ...(options.multicall3 === false ? {} : { contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } } }),
    ...(options.sequencer ? { custom: { sequencer: options.sequencer } } : {}),
  };
}
