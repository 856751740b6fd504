import type { KV } from '@nats-io/kv';
import type { StoredBlock } from '../chain/records.js';
import type { Hex } from '../primitives/hex.js';

/** The genesis every node of a fleet shares: its timestamp (each node writes genesis itself) and hash (the check). */
export interface SharedGenesis {
  timestamp: string;
  hash: Hex;
}

const GENESIS_KEY = 'genesis';

/** The fleet's genesis, or undefined before the first node has booted. */
export async function readSharedGenesis(facts: KV): Promise<SharedGenesis | undefined> {
  const entry = await facts.get(GENESIS_KEY);
  return entry?.operation === 'PUT' ? (entry.json() as SharedGenesis) : undefined;
}

/**
 * Records this node's genesis as the fleet's when it is the first, else checks it is the
 * fleet's: a node with another chain in its data directory must not join.
 */
export async function checkSharedGenesis(facts: KV, genesis: StoredBlock): Promise<void> {
  const own: SharedGenesis = { timestamp: genesis.timestamp, hash: genesis.hash };
  let shared = await readSharedGenesis(facts);
  if (!shared) {
    await facts.create(GENESIS_KEY, JSON.stringify(own)).catch(() => {});
    shared = await readSharedGenesis(facts);
  }
  if (shared && shared.hash !== own.hash) {
    throw new Error(`this node's genesis block ${own.hash} is not the fleet's (${shared.hash}): use an empty --data-dir or the fleet's chain settings`);
  }
}
