import type { Hex } from '../../primitives/hex.js';
import type { PayloadWithdrawal } from './buildBlock.js';

/** The engine API's PayloadAttributesV3: what the consensus side decides of a block. */
export interface PayloadAttributes {
  timestamp: bigint;
  prevRandao: Uint8Array;
  suggestedFeeRecipient: Uint8Array;
  /** From Shanghai; absent is none. */
  withdrawals: PayloadWithdrawal[] | undefined;
  /** From Cancun; absent is the zero hash. */
  parentBeaconBlockRoot: Uint8Array | undefined;
}

/** testing_buildBlockV1's parameters. */
export interface BuildBlockRequest {
  parentHash: Hex;
  attributes: PayloadAttributes;
  /** The raw transactions to include, in order; null: those of the pool that apply. */
  transactions: Uint8Array[] | null;
  /** The block's extra data (empty when not given). */
  extraData: Uint8Array;
}
