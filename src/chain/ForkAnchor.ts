/**
 * The remote block a forked chain starts on, as the data directory remembers it (record
 * `meta:fork`): a restart forks the same block without asking the remote anything.
 */
import type { Hex } from '../primitives/hex.js';

export interface ForkAnchor {
  /** The fork block's number (decimal string) and hash. */
  number: string;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  baseFeePerGas: Hex;
  miner: Hex;
  /** The chain id the fork runs with (decimal string). */
  chainId: string;
}
