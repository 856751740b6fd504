import type { StoredBlock } from '../chain/records.js';
import type { OpenBlockHeader, SubBlockContents } from './OpenBlock.js';

/**
 * A place in the chain the sequencer can rewind to (an evm_snapshot): the latest sealed block at
 * that moment and, if the open block held pre-confirmed sub-blocks then, its header and those
 * sub-blocks (immutable records, shared, not copied), which a rewind writes back on top.
 */
export interface ChainPoint {
  head: StoredBlock;
  open?: { header: OpenBlockHeader; contents: readonly SubBlockContents[] };
}
