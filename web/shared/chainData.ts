/**
 * The chain data object of EIP-3085's `wallet_addEthereumChain` (the spec's "Chain data object"),
 * as a dApp sends it and, once validated, as a wallet keeps it.
 */

/** The native currency of a chain. */
export interface NativeCurrency {
  name: string;
  /** 1–6 characters. */
  symbol: string;
  decimals: number;
}

/** `wallet_addEthereumChain`'s single parameter. */
export interface ChainData {
  /** 0x-prefixed, unpadded, non-zero hex, e.g. "0x7a69" for 31337. */
  chainId: string;
  chainName: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: string[];
  blockExplorerUrls?: string[];
  iconUrls?: string[];
}

/** The keys EIP-3085 defines; any other key is refused. */
export const CHAIN_DATA_KEYS = ['chainId', 'chainName', 'nativeCurrency', 'rpcUrls', 'blockExplorerUrls', 'iconUrls'] as const;

/** The keys of `nativeCurrency`. */
export const NATIVE_CURRENCY_KEYS = ['name', 'symbol', 'decimals'] as const;

/**
 * The largest chain id a wallet accepts: MetaMask's `MAX_SAFE_CHAIN_ID` (4503599627370476), the
 * largest id for which an EIP-155 `v` (chainId * 2 + 36) is still a safe JavaScript integer.
 */
export const MAX_SAFE_CHAIN_ID = 4503599627370476;

/** Longest chain name kept; longer names are cut (MetaMask's rule). */
export const MAX_CHAIN_NAME_LENGTH = 100;
