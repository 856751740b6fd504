import type { Common } from '@ethereumjs/common';
import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import type { StoredBlock } from '../chain/records.js';
import { hexToBytes } from '../primitives/hex.js';
import { OpenBlock } from './OpenBlock.js';

/** What decides a new block's fields besides its parent: the chain's rules and the gas limit Sequin aims for. */
export interface BlockOpeningRules {
  /** The chain's Common (its fork schedule, see config/ScheduledCommon.ts). */
  common: Common;
  /** The gas limit blocks move toward (--block-gas-limit). */
  blockGasLimit: bigint;
}

/**
 * Opens the block after `parent`, no earlier than `earliestMs` (wall clock) and no earlier than
 * the second after the parent's timestamp. The timestamp is the opening second, and sub-blocks
 * only run after the opening, so block timestamps strictly increase and never run ahead of the
 * wall clock. Its fork, gas limit, base fee, difficulty and excess blob gas follow from the parent
 * under the chain's rules (chain/headerFieldsAfter.ts).
 */
export function openBlockAfter(parent: StoredBlock, earliestMs: number, rules: BlockOpeningRules): OpenBlock {
  const parentTimestamp = Number(BigInt(parent.timestamp));
  const openedAtMs = Math.max(earliestMs, (parentTimestamp + 1) * 1000);
  const timestamp = BigInt(Math.floor(openedAtMs / 1000));
  return new OpenBlock(
    Number(BigInt(parent.number)) + 1,
    timestamp,
    headerFieldsAfter(rules.common, parent, timestamp, rules.blockGasLimit),
    hexToBytes(parent.hash),
    hexToBytes(parent.stateRoot),
    openedAtMs,
  );
}
