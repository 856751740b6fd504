/**
 * The node's storage in fork mode: the local store, with the forked chain's state beneath it.
 * A world-state key that no local block has written (an account, a slot, code by hash) is read
 * from the {@link ForkStateReader} instead; everything else (records, trie nodes, every write)
 * goes to the local store untouched. Plugging in here, under the versioned state, means every
 * state reader of the node (pending, per block, traces, proofs) sees the forked state without
 * knowing about forks: the first local write of a key shadows the remote from then on.
 * A re-fork (anvil_reset with `forking`) wipes the local state and swaps the fork beneath.
 */
import type { CommitOptions, Storage, WriteBatch } from '../../storage/Storage.js';
import type { ForkSource } from './ForkSource.js';

// The key prefixes of storage/stateKeys.ts: 'a' ‖ address, 's' ‖ address ‖ slot, 'c' ‖ code hash.
const ACCOUNT = 0x61;
const STORAGE = 0x73;
const CODE = 0x63;
const EMPTY = new Uint8Array(0);

export class ForkedStorage implements Storage {
  constructor(
    private readonly local: Storage,
    /** The fork beneath (its current point: anvil_reset with `forking` replaces it). */
    private readonly fork: ForkSource,
  ) {}

  getRecord<T>(key: string): T | undefined {
    return this.local.getRecord<T>(key);
  }

  recordsWithPrefix<T>(prefix: string): Array<[string, T]> {
    return this.local.recordsWithPrefix<T>(prefix);
  }

  recordKeysWithPrefix(prefix: string): string[] {
    return this.local.recordKeysWithPrefix(prefix);
  }

  getVersioned(key: Uint8Array, version: number): Uint8Array | undefined {
    const local = this.local.getVersioned(key, version);
    if (local !== undefined) return local;
    const hex = Buffer.from(key.subarray(1)).toString('hex');
    if (key[0] === ACCOUNT && key.length === 21) return this.fork.state.account(hex)?.serialize() ?? EMPTY;
    if (key[0] === STORAGE && key.length === 53) return this.fork.state.storage(hex.slice(0, 40), hex.slice(40));
    return undefined;
  }

  /** The keys written locally: a dump of a fork holds what the fork changed, not the remote's state. */
  versionedKeys(prefix: Uint8Array): Uint8Array[] {
    return this.local.versionedKeys(prefix);
  }

  getBlob(key: Uint8Array): Uint8Array | undefined {
    const local = this.local.getBlob(key);
    if (local !== undefined || key[0] !== CODE || key.length !== 33) return local;
    const code = this.fork.state.code(Buffer.from(key.subarray(1)).toString('hex'));
    return code.length > 0 ? code : undefined;
  }

  commit(batch: WriteBatch, options?: CommitOptions): Promise<void> {
    return this.local.commit(batch, options);
  }

  /** Rewinds the local state (snapshots, resets); the remote's state beneath never changes. */
  rewind(version: number, batch: WriteBatch, options?: CommitOptions): Promise<void> {
    return this.local.rewind(version, batch, options);
  }

  async close(): Promise<void> {
    await this.fork.close();
    await this.local.close();
  }
}
