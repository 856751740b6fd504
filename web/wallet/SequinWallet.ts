/**
 * The Sequin wallet: a framework-free EIP-1193 provider that holds accounts, knows networks and
 * signs, with a small in-page UI for approvals.
 *
 *   dApp ─request()─▶ SequinWallet ─┬─ wallet_addEthereumChain / wallet_switchEthereumChain ─▶ NetworkStore (localStorage)
 *                                   ├─ eth_sendTransaction / personal_sign / eth_signTypedData_v4 ─▶ Approver ─▶ sign (viem)
 *                                   ├─ eth_chainId / eth_accounts … answered from its own state
 *                                   ├─ read methods ─▶ active network's RPC (fetch)
 *                                   └─ anything else ─▶ 4200
 *   events: connect, chainChanged, accountsChanged
 */
import { ProviderErrorCode, ProviderRpcError, unsupportedMethodError } from '../shared/providerErrors.js';
import { AccountStore } from './AccountStore.js';
import type { Approver } from './Approver.js';
import { addEthereumChain } from './addEthereumChain.js';
import { FORWARDED_METHODS } from './forwardedMethods.js';
import { createKeyValueStore } from './keyValueStore.js';
import { type Network, NetworkStore } from './NetworkStore.js';
import { RpcUnreachableError, rpcRequest } from './rpcClient.js';
import { sendTransaction } from './sendTransaction.js';
import { personalSign, signTypedDataV4 } from './signMessages.js';
import { switchEthereumChain } from './switchEthereumChain.js';
import { decodeTransactionRequest } from './transactionRequest.js';
import type { WalletContext } from './WalletContext.js';
import { WalletSettings } from './WalletSettings.js';

/** An EIP-1193 request. */
export interface RequestArguments {
  method: string;
  params?: unknown[] | Record<string, unknown>;
}

type Listener = (...args: unknown[]) => void;

/** Options of {@link SequinWallet}. */
export interface SequinWalletOptions {
  /** The requesting site. Default: `location.origin`. */
  origin?: string;
  /** Asks the user (installSequinWallet passes the in-page ApprovalDialog). */
  approver: Approver;
  /** Dev mode until the user chooses: allow http RPCs on localhost. Default false. */
  devMode?: boolean;
  /** Private keys of accounts to offer besides imported ones (e.g. a local node's dev accounts). */
  devAccountKeys?: readonly string[];
  /** Prefix of the wallet's storage keys. Default "sequin-wallet:". */
  storagePrefix?: string;
  /** Requests wait for this first (e.g. fetching the serving node's wallet config). */
  ready?: Promise<unknown>;
}

/** The wallet as an EIP-1193 provider, plus the operations its own UI uses. */
export class SequinWallet {
  readonly isSequinWallet = true;
  readonly networks: NetworkStore;
  readonly accounts: AccountStore;
  readonly settings: WalletSettings;
  readonly #origin: string;
  readonly #approver: Approver;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #busy = new Set<string>();
  #ready: Promise<unknown>;

  constructor(options: SequinWalletOptions) {
    const prefix = options.storagePrefix ?? 'sequin-wallet:';
    const local = createKeyValueStore(() => globalThis.localStorage, prefix);
    this.networks = new NetworkStore(local);
    this.accounts = new AccountStore(
      local,
      createKeyValueStore(() => globalThis.sessionStorage, prefix),
    );
    this.settings = new WalletSettings(local, options.devMode ?? false);
    if (options.devAccountKeys) this.accounts.setDevAccounts(options.devAccountKeys);
    this.#origin = options.origin ?? globalThis.location?.origin ?? 'unknown';
    this.#approver = options.approver;
    this.#ready = (options.ready ?? Promise.resolve()).catch(() => undefined);
  }

  /** EIP-1193: sends a request; rejects with a {@link ProviderRpcError}. */
  async request(args: RequestArguments): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw new ProviderRpcError(ProviderErrorCode.invalidParams, "Expected a single, non-array, object argument with a string 'method'.");
    }
    await this.#ready;
    const { method, params } = args;
    const context = this.#context();
    switch (method) {
      case 'eth_chainId':
        return context.activeNetwork().chainId;
      case 'net_version':
        return BigInt(context.activeNetwork().chainId).toString();
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return this.#accountAddresses();
      case 'wallet_addEthereumChain':
        return addEthereumChain(context, params);
      case 'wallet_switchEthereumChain':
        return switchEthereumChain(context, params);
      case 'eth_sendTransaction':
        return sendTransaction(context, decodeTransactionRequest(params), { confirm: true });
      case 'personal_sign':
        return personalSign(context, params);
      case 'eth_signTypedData_v4':
        return signTypedDataV4(context, params);
      default:
        if (FORWARDED_METHODS.has(method)) return context.activeRpc(method, Array.isArray(params) ? params : []);
        throw unsupportedMethodError(method);
    }
  }

  /** EIP-1193 events: connect, disconnect, chainChanged, accountsChanged. */
  on(event: string, listener: Listener): this {
    let listeners = this.#listeners.get(event);
    if (!listeners) this.#listeners.set(event, (listeners = new Set()));
    listeners.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  /** Applies what the serving node says (dev mode default, dev accounts); emits accountsChanged if the selection moved. */
  configure(config: { devMode: boolean; devAccountKeys: readonly string[] }): void {
    const before = this.accounts.selected()?.address;
    this.settings.setDefaultDevMode(config.devMode);
    this.accounts.setDevAccounts(config.devAccountKeys);
    if (this.accounts.selected()?.address !== before) this.#emit('accountsChanged', this.#accountAddresses());
  }

  /** Switches network from the wallet's own UI. */
  selectNetwork(chainId: string): void {
    this.#context().activate(chainId);
  }

  /** Selects an account from the wallet's own UI. */
  selectAccount(address: string): void {
    const before = this.accounts.selected()?.address;
    this.accounts.select(address);
    if (this.accounts.selected()?.address !== before) this.#emit('accountsChanged', this.#accountAddresses());
  }

  /** Imports a key from the wallet's own UI and selects it; throws an Error with a user-facing message. */
  importKey(privateKey: string): void {
    const before = this.accounts.selected()?.address;
    this.accounts.importKey(privateKey);
    if (this.accounts.selected()?.address !== before) this.#emit('accountsChanged', this.#accountAddresses());
  }

  /** Sends value from the selected account (the wallet's own Send form: the user is already acting). */
  send(to: `0x${string}`, value: bigint): Promise<`0x${string}`> {
    return sendTransaction(this.#context(), { to, value }, { confirm: false });
  }

  /** A read on the active network (for the wallet's own UI, e.g. the balance). */
  read<T>(method: string, params: unknown[]): Promise<T> {
    return this.#context().activeRpc<T>(method, params);
  }

  /** The selected account first, as wallets answer eth_accounts. */
  #accountAddresses(): string[] {
    const selected = this.accounts.selected();
    return selected ? [selected.address] : [];
  }

  #emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A dApp's broken listener must not break the wallet or the other listeners.
        console.error('sequin wallet: event listener failed', error);
      }
    }
  }

  #context(): WalletContext {
    const activeNetwork = (): Network => {
      const network = this.networks.active();
      if (!network)
        throw new ProviderRpcError(ProviderErrorCode.disconnected, 'The wallet is not connected to any network: add one with wallet_addEthereumChain.');
      return network;
    };
    return {
      origin: this.#origin,
      networks: this.networks,
      accounts: this.accounts,
      settings: this.settings,
      approver: this.#approver,
      activeNetwork,
      activeRpc: async <T>(method: string, params: unknown[] = []) => {
        const url = activeNetwork().rpcUrls[0]!;
        try {
          return await rpcRequest<T>(url, method, params);
        } catch (error) {
          if (!(error instanceof RpcUnreachableError)) throw error;
          throw new ProviderRpcError(ProviderErrorCode.internal, `Request for method '${method}' on ${url} failed`, { rpcUrl: url, reason: error.message });
        }
      },
      activate: (chainId: string) => {
        const before = this.networks.active()?.chainId;
        this.networks.setActive(chainId);
        const after = this.networks.active()!.chainId;
        if (before === undefined) this.#emit('connect', { chainId: after });
        if (after !== before) this.#emit('chainChanged', after);
      },
      exclusive: async <T>(method: string, work: () => Promise<T>): Promise<T> => {
        if (this.#busy.has(this.#origin)) {
          throw new ProviderRpcError(
            ProviderErrorCode.resourceUnavailable,
            `Request of type '${method}' already pending for origin ${this.#origin}. Please wait.`,
          );
        }
        this.#busy.add(this.#origin);
        try {
          return await work();
        } finally {
          this.#busy.delete(this.#origin);
        }
      },
    };
  }
}
