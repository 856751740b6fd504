import type { FlatStateManager } from '../execution/FlatStateManager.js';
import { stateWriterOver } from '../execution/StateWriter.js';
import type { StateEdit } from './StateEdit.js';

/** The edits of a group that were refused, by their position in the group, with the error each threw. */
export type RefusedEdits = ReadonlyMap<number, unknown>;

/**
 * State edits that arrive together (hardhat-predeploy sends ten `hardhat_setCode` at once), gathered
 * in arrival order while the sequencer's step for them waits its turn, so they share one sub-block
 * and one commit instead of one each. Each caller is answered once that commit is durable: resolved,
 * or rejected with its own edit's error (an edit that throws is undone alone, see
 * {@link applyStateEditsInTurn}) or with the commit's.
 */
export class StateEditGroup {
  private readonly waiting: Array<{ edit: StateEdit; resolve: () => void; reject: (error: unknown) => void }> = [];

  /** Adds `edit`; the promise settles with the group's commit. */
  add(edit: StateEdit): Promise<void> {
    return new Promise((resolve, reject) => this.waiting.push({ edit, resolve, reject }));
  }

  /** The edits, in arrival order. */
  get edits(): StateEdit[] {
    return this.waiting.map(({ edit }) => edit);
  }

  /** Answers every caller once the group is durable: those in `refused` with their edit's error. */
  settle(refused: RefusedEdits): void {
    for (const [index, { resolve, reject }] of this.waiting.entries()) {
      if (refused.has(index)) reject(refused.get(index));
      else resolve();
    }
  }

  /** Rejects every caller with `error` (nothing of the group was committed). */
  fail(error: unknown): void {
    for (const { reject } of this.waiting) reject(error);
  }
}

/**
 * Applies `edits` to `state` in order, each under a checkpoint of its own, so one that throws is
 * undone alone and the others keep their writes (as if it had not been sent). Returns the refused
 * ones by position.
 */
export async function applyStateEditsInTurn(edits: readonly StateEdit[], state: FlatStateManager): Promise<Map<number, unknown>> {
  const writer = stateWriterOver(state);
  const refused = new Map<number, unknown>();
  for (const [index, edit] of edits.entries()) {
    await state.checkpoint();
    try {
      await edit.apply(writer);
      await state.commit();
    } catch (error) {
      await state.revert();
      refused.set(index, error);
    }
  }
  return refused;
}
