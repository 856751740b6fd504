/**
 * Puts a Sequin wallet on the page: creates it, fetches the serving node's wallet config (dev
 * mode default and dev accounts), announces it over EIP-6963, sets `window.ethereum` when no other
 * wallet has, and mounts the panel. Loading it twice gives back the first wallet.
 */
import type { Approver } from './Approver.js';
import { announceProvider } from './eip6963.js';
import { SequinWallet, type SequinWalletOptions } from './SequinWallet.js';
import { ApprovalDialog } from './ui/ApprovalDialog.js';
import { mountWalletPanel } from './ui/mountWalletPanel.js';

/** What a node serves at `/wallet-config`. */
export interface WalletConfig {
  /** True when the node listens on loopback: http RPC URLs on localhost are then accepted by default. */
  devMode: boolean;
  /** The node's dev account keys (only a node on loopback hands them out). */
  devAccountKeys: string[];
}

/** Options of {@link installSequinWallet}. */
export interface InstallOptions extends Omit<SequinWalletOptions, 'approver'> {
  /** Asks the user. Default: the in-page {@link ApprovalDialog}. */
  approver?: Approver;
  /** URL of a node's `/wallet-config`; without it the wallet starts with imported keys only. */
  configUrl?: string;
  /** Mount the in-page panel. Default true. */
  panel?: boolean;
}

declare global {
  interface Window {
    ethereum?: unknown;
    sequinWallet?: SequinWallet;
  }
}

/** Installs the wallet on `window` (see the module comment) and returns it. */
export function installSequinWallet(options: InstallOptions = {}): SequinWallet {
  if (window.sequinWallet) return window.sequinWallet;
  const config = options.configUrl ? fetchWalletConfig(options.configUrl) : Promise.resolve(undefined);
  const wallet: SequinWallet = new SequinWallet({
    ...options,
    approver: options.approver ?? new ApprovalDialog(),
    ready: config.then((loaded) => loaded && wallet.configure(loaded)),
  });
  window.sequinWallet = wallet;
  announceProvider(wallet);
  if (window.ethereum === undefined) window.ethereum = wallet;
  if (options.panel !== false) void mountWalletPanel(wallet, options.origin ?? location.origin);
  return wallet;
}

async function fetchWalletConfig(url: string): Promise<WalletConfig | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) return undefined;
    const config = (await response.json()) as Partial<WalletConfig>;
    return { devMode: config.devMode === true, devAccountKeys: Array.isArray(config.devAccountKeys) ? config.devAccountKeys : [] };
  } catch {
    return undefined; // a wallet without the node's config still works, with imported keys
  }
}
