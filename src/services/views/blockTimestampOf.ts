import type { StoredTransaction } from '../../chain/records.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';

/**
 * The timestamp of a stored transaction's block as of `view`: its sealed block's, or the open
 * block's while it is pre-confirmed (every sub-block of a block shares the block's timestamp,
 * so it is known before the seal and does not change with it).
 */
export function blockTimestampOf(view: ChainView, stored: StoredTransaction): Hex {
  return view.block(stored.blockNumber)?.timestamp ?? toQuantity(view.open.timestamp);
}
