import type { StoredBlock } from '../../chain/records.js';
import type { RpcBlock } from './RpcBlock.js';

/**
 * A sealed block as eth_getBlockBy* serves it: a copy of the stored record. Records written by
 * earlier versions also hold `totalDifficulty`, which neither the spec nor geth's answers have
 * (it went away with the merge): it is left out.
 */
export function sealedBlockView(block: StoredBlock): RpcBlock {
  const { totalDifficulty: _totalDifficulty, ...fields } = block as StoredBlock & { totalDifficulty?: unknown };
  return fields;
}
