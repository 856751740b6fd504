import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hex } from '../primitives/hex.js';
import { createTempDataDir } from './startNodeProcess.js';

/** Fixed test keys (never funded anywhere): a fleet's shared sequencer key, and another one. */
export const TEST_SEQUENCER_KEYS = {
  fleet: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  other: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
} as const satisfies Record<string, Hex>;

/** Writes `key` to a file in a temporary directory (removed with the node processes) for `--sequencer-key`; returns its path. */
export function writeSequencerKeyFile(key: Hex): string {
  const path = join(createTempDataDir(), 'sequencer.key');
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return path;
}
