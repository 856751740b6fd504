/**
 * The networks the user approved, and which one is active, persisted across reloads.
 *
 * A chain id is stored once: adding it again merges new RPC, explorer and icon URLs into the
 * existing entry. The stored chain id (the one the user approved) is what transactions are
 * signed with; an RPC that later reports another id never changes it.
 */
import type { ChainData } from '../shared/chainData.js';
import type { KeyValueStore } from './keyValueStore.js';

/** A network the wallet knows: validated chain data with the chain id in lower-case hex. */
export type Network = Required<ChainData>;

const NETWORKS_KEY = 'networks';
const ACTIVE_KEY = 'activeChainId';

/** The approved networks and the active one. */
export class NetworkStore {
  readonly #store: KeyValueStore;

  constructor(store: KeyValueStore) {
    this.#store = store;
  }

  /** Every known network, in the order they were added. */
  list(): Network[] {
    const networks = this.#store.read<Network[]>(NETWORKS_KEY);
    return Array.isArray(networks) ? networks : [];
  }

  /** The network with this chain id (any hex case), if known. */
  get(chainId: string): Network | undefined {
    const wanted = BigInt(chainId);
    return this.list().find((network) => BigInt(network.chainId) === wanted);
  }

  /** The active network, or undefined before the first one is added. */
  active(): Network | undefined {
    const chainId = this.#store.read<string>(ACTIVE_KEY);
    return chainId === undefined ? undefined : this.get(chainId);
  }

  /** Makes a known network the active one. */
  setActive(chainId: string): void {
    const network = this.get(chainId);
    if (!network) throw new Error(`unknown network ${chainId}`);
    this.#store.write(ACTIVE_KEY, network.chainId);
  }

  /**
   * Stores a network, or merges into the stored one with the same chain id: URLs not yet known
   * are appended (the first RPC URL stays the one in use); name and currency stay as first approved.
   */
  upsert(chain: Network): Network {
    const networks = this.list();
    const index = networks.findIndex((network) => BigInt(network.chainId) === BigInt(chain.chainId));
    if (index === -1) {
      networks.push(chain);
      this.#store.write(NETWORKS_KEY, networks);
      return chain;
    }
    const known = networks[index]!;
    const merged: Network = {
      ...known,
      rpcUrls: union(known.rpcUrls, chain.rpcUrls),
      blockExplorerUrls: union(known.blockExplorerUrls, chain.blockExplorerUrls),
      iconUrls: union(known.iconUrls, chain.iconUrls),
    };
    networks[index] = merged;
    this.#store.write(NETWORKS_KEY, networks);
    return merged;
  }
}

function union(first: string[], second: string[]): string[] {
  return [...first, ...second.filter((url) => !first.includes(url))];
}
