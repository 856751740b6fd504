/**
 * What the wallet's method handlers see: the stores, the user (through the approver), the
 * active network's RPC, and the two state changes that emit events. Handlers take this instead of
 * the whole wallet so each can be read (and tested) on its own.
 */
import type { AccountStore } from './AccountStore.js';
import type { Approver } from './Approver.js';
import type { Network, NetworkStore } from './NetworkStore.js';
import type { WalletSettings } from './WalletSettings.js';

export interface WalletContext {
  /** The origin of the page the wallet serves (the requesting site). */
  origin: string;
  networks: NetworkStore;
  accounts: AccountStore;
  settings: WalletSettings;
  approver: Approver;
  /** The active network; throws 4900 when the wallet has none yet. */
  activeNetwork(): Network;
  /** A JSON-RPC call to the active network's RPC URL. */
  activeRpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Makes a known network active; emits `connect` or `chainChanged` when that changes anything. */
  activate(chainId: string): void;
  /**
   * Runs `work` unless another exclusive request of this origin is in progress, in which case it
   * fails at once with -32002 (so a site can never stack dialogs or leave a promise pending).
   */
  exclusive<T>(method: string, work: () => Promise<T>): Promise<T>;
}
