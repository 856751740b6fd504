import type { NodeConfig } from '../config/nodeConfig.js';

/**
 * How the sequencer makes blocks: a policy over the one sequencer and its one producer, never a
 * second code path.
 * - `interval`: a sub-block every `preconfIntervalMs` (when anything is executable), a seal every
 *   `blockTimeMs` (empty blocks too), on a grid.
 * - `instant` (Anvil's automine): a submission is executed, pre-confirmed in sub-block 0 and
 *   sealed before it answers; submissions that arrive while a block is being made share the next.
 * - `manual`: nothing is pre-confirmed or sealed until evm_mine / anvil_mine.
 */
export type MiningMode = { kind: 'interval'; preconfIntervalMs: number; blockTimeMs: number } | { kind: 'instant' } | { kind: 'manual' };

/** The mode a node starts in (`--mining`, `--preconf-interval`, `--block-time`). */
export function miningModeOf(config: Pick<NodeConfig, 'mining' | 'preconfIntervalMs' | 'blockTimeMs'>): MiningMode {
  if (config.mining === 'interval') return { kind: 'interval', preconfIntervalMs: config.preconfIntervalMs, blockTimeMs: config.blockTimeMs };
  return { kind: config.mining };
}

/**
 * Interval mining with blocks every `blockTimeMs` (evm_setIntervalMining): sub-blocks at the
 * largest interval that divides the block time and is no longer than `preferredPreconfIntervalMs`,
 * so a block always holds a whole number of sub-block slots.
 */
export function intervalMining(blockTimeMs: number, preferredPreconfIntervalMs: number): MiningMode {
  for (let slots = Math.max(1, Math.ceil(blockTimeMs / preferredPreconfIntervalMs)); slots <= blockTimeMs; slots++) {
    if (blockTimeMs % slots === 0) return { kind: 'interval', preconfIntervalMs: blockTimeMs / slots, blockTimeMs };
  }
  return { kind: 'interval', preconfIntervalMs: 1, blockTimeMs };
}
