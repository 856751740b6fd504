import type { Account } from '@ethereumjs/util';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';

/**
 * A state made of `changes` on top of `base`: what a block's state is after some of its
 * transactions (base = the parent block's state), or the pending state as a snapshot (base =
 * the latest sealed state, changes = the open block's). Immutable as long as neither is
 * mutated, which is what replays that yield to the event loop need.
 */
export class OverlayStateReader implements StateReader {
  constructor(
    private readonly base: StateReader,
    private readonly changes: StateChanges,
  ) {}

  account(address: string): Account | undefined {
    const changed = this.changes.accounts.get(address);
    if (changed !== undefined) return changed ?? undefined;
    return this.base.account(address);
  }

  storage(address: string, slot: string): Uint8Array {
    return this.changes.storage.get(address)?.get(slot) ?? this.base.storage(address, slot);
  }

  code(codeHash: string): Uint8Array {
    return this.changes.code.get(codeHash) ?? this.base.code(codeHash);
  }
}
