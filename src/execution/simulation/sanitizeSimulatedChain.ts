import { SimulationError } from '../../errors/SimulationError.js';
import type { BlockOverrides } from '../overrides/BlockOverrides.js';
import { MAX_SIMULATED_BLOCKS, SIMULATED_TIMESTAMP_INCREMENT, type SimulatedBlockRequest } from './SimulationRequest.js';

/** A simulated block with its number and time decided. */
export interface PlannedBlock extends SimulatedBlockRequest {
  number: bigint;
  timestamp: bigint;
  blockOverrides: BlockOverrides;
}

/**
 * The blocks a simulation runs, in order, as geth's `sanitizeChain` lays them out after the base
 * block: a block without a number is the one after the previous; a block without a time comes 12 s
 * after the previous; a gap between numbers is filled with empty blocks 12 s apart. Numbers and
 * times must increase (-38020, -38021), and no block may be more than 256 past the base (-38026).
 */
export function sanitizeSimulatedChain(base: { number: bigint; timestamp: bigint }, blocks: readonly SimulatedBlockRequest[]): PlannedBlock[] {
  const planned: PlannedBlock[] = [];
  let previousNumber = base.number;
  let previousTimestamp = base.timestamp;
  for (const block of blocks) {
    const overrides = block.blockOverrides ?? {};
    const number = overrides.number ?? previousNumber + 1n;
    if (number <= previousNumber) throw new SimulationError({ kind: 'blockNumberOrder', number, previous: previousNumber });
    if (number - base.number > BigInt(MAX_SIMULATED_BLOCKS)) throw new SimulationError({ kind: 'tooManyBlocks' });
    for (let gap = previousNumber + 1n; gap < number; gap++) {
      previousTimestamp += SIMULATED_TIMESTAMP_INCREMENT;
      planned.push({ number: gap, timestamp: previousTimestamp, blockOverrides: { number: gap, time: previousTimestamp }, calls: [] });
    }
    previousNumber = number;
    let timestamp: bigint;
    if (overrides.time === undefined) timestamp = previousTimestamp + SIMULATED_TIMESTAMP_INCREMENT;
    else {
      timestamp = overrides.time;
      if (timestamp <= previousTimestamp) throw new SimulationError({ kind: 'blockTimestampOrder', timestamp, previous: previousTimestamp });
    }
    previousTimestamp = timestamp;
    planned.push({ ...block, number, timestamp, blockOverrides: { ...overrides, number, time: timestamp } });
  }
  return planned;
}
