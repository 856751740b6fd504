import { describe, expect, it } from 'vitest';
import { NEWEST_VERSION } from '../PersistedStateReader.js';
import type { StateReader } from '../StateReader.js';
import { VersionedStates } from './VersionedStates.js';

const SLOT = '00'.repeat(32);
const ADDRESS = '11'.repeat(20);

/** A store whose slot value at each version can be rewritten, as a rewind (evm_revert) and re-mining do. */
function rewritableStore(): { values: Map<number, number>; reader: (version: number) => StateReader } {
  const values = new Map<number, number>();
  return {
    values,
    reader: (version) => ({
      account: () => undefined,
      storage: () => Uint8Array.of(values.get(version) ?? 0),
      code: () => new Uint8Array(0),
    }),
  };
}

describe('VersionedStates', () => {
  it('reuses a sealed state across jobs of one rewind epoch', () => {
    const store = rewritableStore();
    const states = new VersionedStates(store.reader, () => store.reader(NEWEST_VERSION));
    store.values.set(5, 1);
    expect(states.forJob(0)(5).storage(ADDRESS, SLOT)).toEqual(Uint8Array.of(1));
    store.values.set(5, 2);
    // Within the epoch block 5's state cannot change: the memoised read stands.
    expect(states.forJob(0)(5).storage(ADDRESS, SLOT)).toEqual(Uint8Array.of(1));
  });

  it('reads a sealed state again in a new epoch, where its block number names other contents', () => {
    const store = rewritableStore();
    const states = new VersionedStates(store.reader, () => store.reader(NEWEST_VERSION));
    store.values.set(5, 1);
    expect(states.forJob(0)(5).storage(ADDRESS, SLOT)).toEqual(Uint8Array.of(1));
    store.values.set(5, 2);
    expect(states.forJob(1)(5).storage(ADDRESS, SLOT)).toEqual(Uint8Array.of(2));
  });
});
