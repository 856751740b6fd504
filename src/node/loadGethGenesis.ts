import { readFileSync } from 'node:fs';
import { recordKeys } from '../chain/recordKeys.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import type { GethGenesis } from '../sequencer/bootChain.js';
import type { Storage } from '../storage/Storage.js';

/**
 * The geth genesis file a node runs: `--genesis FILE` when given, else the one a data directory was created
 * from (kept in it, so restarts need no flag), else none (Sequin's own chain). Throws with a message naming
 * the file for a file that cannot be read or that geth would refuse.
 */
export function loadGethGenesis(genesisFile: string | undefined, storage: Storage): GethGenesis | undefined {
  if (genesisFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(genesisFile, 'utf8');
    } catch (error) {
      throw new Error(`cannot read genesis file ${genesisFile}: ${(error as Error).message}`);
    }
    try {
      return { spec: parseGethGenesis(text), text };
    } catch (error) {
      throw new Error(`genesis file ${genesisFile}: ${(error as Error).message}`);
    }
  }
  const stored = storage.getRecord<string>(recordKeys.genesis);
  return stored === undefined ? undefined : { spec: parseGethGenesis(stored), text: stored };
}
