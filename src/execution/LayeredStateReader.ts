import type { Account } from '@ethereumjs/util';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';

/**
 * A state made of change layers on top of `base`, the newest layer winning: the pending state
 * as a view of it (base = the latest sealed state, layers = the open block's sub-blocks). Each
 * sub-block adds a layer instead of copying what came before, so building a new view costs
 * nothing however large the open block is; a read looks through at most one layer per sub-block.
 * Immutable as long as no layer is mutated, which the sequencer guarantees once a sub-block is
 * committed.
 */
export class LayeredStateReader implements StateReader {
  constructor(
    private readonly base: StateReader,
    /** Oldest first. */
    private readonly layers: readonly StateChanges[],
  ) {}

  account(address: string): Account | undefined {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const changed = this.layers[index]!.accounts.get(address);
      if (changed !== undefined) return changed ?? undefined;
    }
    return this.base.account(address);
  }

  storage(address: string, slot: string): Uint8Array {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const value = this.layers[index]!.storage.get(address)?.get(slot);
      if (value !== undefined) return value;
    }
    return this.base.storage(address, slot);
  }

  code(codeHash: string): Uint8Array {
    for (let index = this.layers.length - 1; index >= 0; index--) {
      const code = this.layers[index]!.code.get(codeHash);
      if (code !== undefined) return code;
    }
    return this.base.code(codeHash);
  }
}
