import type { DB } from '@ethereumjs/util';
import { applyStateChanges } from './applyStateChanges.js';
import { ScratchTrieNodes } from './ScratchTrieNodes.js';
import type { StateChanges } from './StateChanges.js';
import type { StateReader } from './StateReader.js';

/** The state root after one more sub-block, not yet taken: {@link SubBlockStateRoots.take} makes it the current one. */
export interface NextStateRoot {
  stateRoot: Uint8Array;
  /** The storage roots of the accounts this sub-block changed. */
  storageRoots: ReadonlyMap<string, Uint8Array | undefined>;
}

/**
 * The state root after each sub-block of the open block, folded in one sub-block at a time: each root
 * re-hashes only what its sub-block changed, on top of the root after the one before (issue 26: every
 * sub-block's signed commitment binds the state root after it). Its trie nodes stay in a scratch layer
 * over the node store: the seal still computes the block's root once over the whole block, into the
 * store (so only the sealed roots' nodes are kept on disk); the roots agree, because both fold the same
 * writes with the same rules, the seal adding only the block end's.
 *
 * A root is computed first ({@link next}) and taken once its sub-block is durable ({@link take}): a
 * sub-block that fails to commit leaves the current root as it was.
 */
export class SubBlockStateRoots {
  private readonly nodes: ScratchTrieNodes;
  /** Storage roots of the accounts the block changed so far (the parent state's for the others). */
  private readonly storageRoots = new Map<string, Uint8Array>();

  private constructor(
    private stateRoot: Uint8Array,
    base: DB<string, string | Uint8Array>,
    /** How many sub-blocks {@link stateRoot} is after. */
    public subBlockCount: number,
  ) {
    this.nodes = new ScratchTrieNodes(base);
  }

  /**
   * The roots of a block after `subBlockCount` sub-blocks whose writes, merged, are `changes`:
   * one fold from the parent's root (at a block's first sub-block, nothing; after a restart or a
   * takeover, the block so far once).
   */
  static async after(options: {
    parentRoot: Uint8Array;
    subBlockCount: number;
    changes: StateChanges;
    /** The state after those sub-blocks, and the parent block's state. */
    finalState: StateReader;
    parentState: StateReader;
    nodes: DB<string, string | Uint8Array>;
  }): Promise<SubBlockStateRoots> {
    const roots = new SubBlockStateRoots(options.parentRoot, options.nodes, 0);
    if (options.subBlockCount > 0) {
      roots.take(await roots.next(options.changes, options.finalState, options.parentState));
      roots.subBlockCount = options.subBlockCount;
    }
    return roots;
  }

  /** The root after the sub-blocks taken so far. */
  get current(): Uint8Array {
    return this.stateRoot;
  }

  /** The root after one more sub-block with writes `changes`; `finalState` is the state after it, `parentState` the parent block's. */
  async next(changes: StateChanges, finalState: StateReader, parentState: StateReader): Promise<NextStateRoot> {
    const { stateRoot, updatedAccounts } = await applyStateChanges({
      parentRoot: this.stateRoot,
      changes,
      finalState,
      parentState,
      storageRoots: this.storageRoots,
      nodes: this.nodes,
    });
    // A deleted account keeps its root so far, as the seal (which folds the whole block's slot writes at once) does.
    const storageRoots = new Map([...updatedAccounts].map(([address, account]) => [address, account?.storageRoot]));
    return { stateRoot, storageRoots };
  }

  /** Makes `next` (computed from the current root) the current root. */
  take(next: NextStateRoot): void {
    this.stateRoot = next.stateRoot;
    for (const [address, root] of next.storageRoots) {
      if (root) this.storageRoots.set(address, root);
    }
    this.subBlockCount++;
  }
}
