/**
 * Typed errors of the dApp helper. Each keeps the wallet's `code` and original error (`cause`)
 * and says in its message what the user can do next.
 */
import type { ChainData } from '../shared/chainData.js';

/** Base class: a chain request the wallet refused or could not do. */
export class ChainRequestError extends Error {
  /** The wallet's EIP-1193 / JSON-RPC code (undefined when the request never reached a wallet). */
  readonly code: number | undefined;

  constructor(message: string, code: number | undefined, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ChainRequestError';
    this.code = code;
  }
}

/** 4001: the user said no in the wallet. */
export class UserRejectedRequestError extends ChainRequestError {
  constructor(cause?: unknown) {
    super('You rejected the request in your wallet.', 4001, cause);
    this.name = 'UserRejectedRequestError';
  }
}

/** The values to type into a wallet's "add network" form. */
export interface ManualNetworkSettings {
  networkName: string;
  rpcUrl: string;
  chainId: string;
  currencySymbol: string;
  blockExplorerUrl?: string;
}

/**
 * 4100: the wallet will not add networks for this site (the user turned it off, or the wallet
 * does not support wallet_addEthereumChain). The message lists what to type to add it by hand.
 */
export class ChainAdditionNotSupportedError extends ChainRequestError {
  readonly manualSettings: ManualNetworkSettings;

  constructor(chain: ChainData, cause?: unknown) {
    const manualSettings: ManualNetworkSettings = {
      networkName: chain.chainName,
      rpcUrl: chain.rpcUrls[0]!,
      chainId: BigInt(chain.chainId).toString(),
      currencySymbol: chain.nativeCurrency.symbol,
      blockExplorerUrl: chain.blockExplorerUrls?.[0],
    };
    const lines = [
      "Your wallet does not let this site add networks. Add the network by hand in your wallet's network settings:",
      `  Network name: ${manualSettings.networkName}`,
      `  RPC URL: ${manualSettings.rpcUrl}`,
      `  Chain ID: ${manualSettings.chainId}`,
      `  Currency symbol: ${manualSettings.currencySymbol}`,
    ];
    if (manualSettings.blockExplorerUrl) lines.push(`  Block explorer URL: ${manualSettings.blockExplorerUrl}`);
    super(lines.join('\n'), 4100, cause);
    this.name = 'ChainAdditionNotSupportedError';
    this.manualSettings = manualSettings;
  }
}

/** 4902: the wallet does not know the chain, or its RPC URL serves another chain. */
export class UnrecognizedChainError extends ChainRequestError {
  /** The chain id the RPC reported, when the wallet said so (our wallet puts it in `data`). */
  readonly reportedChainId: string | undefined;

  constructor(chain: ChainData, walletMessage: string, reportedChainId: string | undefined, cause?: unknown) {
    const detail = reportedChainId
      ? `its RPC URL ${chain.rpcUrls[0]} serves chain ID ${BigInt(reportedChainId)}, not ${BigInt(chain.chainId)}: the chain data is wrong or the URL points at another network.`
      : `the wallet said: ${walletMessage}`;
    super(`The wallet did not recognize chain ID ${BigInt(chain.chainId)} (${chain.chainId}): ${detail}`, 4902, cause);
    this.name = 'UnrecognizedChainError';
    this.reportedChainId = reportedChainId;
  }
}

/** -32602: the chain data is invalid (found by the helper before sending, or by the wallet). */
export class InvalidChainDataError extends ChainRequestError {
  constructor(message: string, cause?: unknown) {
    super(`Invalid chain data: ${message}`, -32602, cause);
    this.name = 'InvalidChainDataError';
  }
}

/** Any other refusal or failure, with the wallet's code and message. */
export class WalletRequestError extends ChainRequestError {
  constructor(method: string, code: number | undefined, walletMessage: string, cause?: unknown) {
    super(`${method} failed${code === undefined ? '' : ` (code ${code})`}: ${walletMessage}`, code, cause);
    this.name = 'WalletRequestError';
  }
}
