/**
 * The user's wallet settings, persisted: dev mode (http RPCs on loopback hosts) and the sites
 * that may not suggest networks (wallet_addEthereumChain answers them 4100).
 */
import type { KeyValueStore } from './keyValueStore.js';

interface StoredSettings {
  /** Undefined: follow the default (on when the wallet was served by a node on loopback). */
  devMode?: boolean;
  /** Origins whose wallet_addEthereumChain requests are refused. */
  blockedOrigins?: string[];
}

const SETTINGS_KEY = 'settings';

/** Reads and changes the settings; each change is written at once. */
export class WalletSettings {
  readonly #store: KeyValueStore;
  #defaultDevMode: boolean;

  constructor(store: KeyValueStore, defaultDevMode: boolean) {
    this.#store = store;
    this.#defaultDevMode = defaultDevMode;
  }

  /** Dev mode: the user's choice, else the default. */
  get devMode(): boolean {
    return this.#read().devMode ?? this.#defaultDevMode;
  }

  set devMode(on: boolean) {
    this.#write({ ...this.#read(), devMode: on });
  }

  /** Changes the default used while the user has not chosen (the serving node tells it). */
  setDefaultDevMode(on: boolean): void {
    this.#defaultDevMode = on;
  }

  /** Whether `origin` may ask to add networks. Default: yes. */
  additionsAllowed(origin: string): boolean {
    return !(this.#read().blockedOrigins ?? []).includes(origin);
  }

  setAdditionsAllowed(origin: string, allowed: boolean): void {
    const settings = this.#read();
    const blocked = (settings.blockedOrigins ?? []).filter((candidate) => candidate !== origin);
    if (!allowed) blocked.push(origin);
    this.#write({ ...settings, blockedOrigins: blocked });
  }

  #read(): StoredSettings {
    const settings = this.#store.read<StoredSettings>(SETTINGS_KEY);
    return typeof settings === 'object' && settings !== null ? settings : {};
  }

  #write(settings: StoredSettings): void {
    this.#store.write(SETTINGS_KEY, settings);
  }
}
