import type { StateWriter } from '../execution/StateWriter.js';

/**
 * A change to state made outside any transaction (the dev methods: anvil_setBalance, setCode,
 * setNonce, setStorageAt …). The sequencer applies it as transactions are applied: in order
 * with them, in a sub-block of its own (shared with the edits that arrived together, see
 * StateEditGroup.ts) that is durable before anyone can see it, and folded into the next sealed
 * block's state root. This is the only way anything but a transaction changes chain state.
 */
export interface StateEdit {
  /** What the edit does, in a few words (kept in the sub-block record and the log), e.g. "setBalance 0xab… 1000". */
  description: string;
  /** Makes the edit's writes. Called once, by the sequencer, on the pending state. */
  apply(state: StateWriter): Promise<void>;
}

/** The sequencer's port for state edits: resolves once the edit is durable and visible in "pending". */
export interface StateEditPort {
  editState(edit: StateEdit): Promise<void>;
}
