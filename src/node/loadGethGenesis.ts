import { readFileSync } from 'node:fs';
import { recordKeys } from '../chain/recordKeys.js';
import type { ChainSpec } from '../config/ChainSpec.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import { bytesToHex } from '../primitives/hex.js';
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
    let spec: ChainSpec;
    try {
      spec = parseGethGenesis(text);
    } catch (error) {
      throw new Error(`genesis file ${genesisFile}: ${(error as Error).message}`);
    }
    const stored = storage.getRecord<string>(recordKeys.genesis);
    // geth lets a restart move forks that have not happened yet; Sequin keeps one chain per data directory.
    if (stored !== undefined && canonical(parseGethGenesis(stored)) !== canonical(spec)) {
      throw new Error(
        `genesis file ${genesisFile} differs from the one the data directory was created from; use another --data-dir, or start without --genesis`,
      );
    }
    return { spec, text };
  }
  const stored = storage.getRecord<string>(recordKeys.genesis);
  return stored === undefined ? undefined : { spec: parseGethGenesis(stored), text: stored };
}

/** A spec as one string, whatever the file's formatting (key order, hex or decimal numbers). */
function canonical(spec: ChainSpec): string {
  return JSON.stringify(spec, (_key, value: unknown) => {
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Uint8Array) return bytesToHex(value);
    if (value instanceof Map) return [...value.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    return value;
  });
}
