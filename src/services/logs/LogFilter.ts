import type { BlockNumberOrTag } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import type { LogCriteria } from './logCriteria.js';

/**
 * The filter object of eth_getLogs and eth_newFilter, decoded: the log criteria plus either
 * `blockHash` (one sealed block) or a range `fromBlock`..`toBlock` (each defaulting to "latest");
 * never both.
 */
export interface LogFilter extends LogCriteria {
  blockHash?: Hex;
  fromBlock?: BlockNumberOrTag;
  toBlock?: BlockNumberOrTag;
}
