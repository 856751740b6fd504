import type { KV } from '@nats-io/kv';
import type { Hex } from '../primitives/hex.js';

const SEQUENCER_KEY = 'sequencer';

/** The address every sequencing node of the fleet signs sub-block commitments as, or undefined before any did. */
export async function readSharedSequencer(facts: KV): Promise<Hex | undefined> {
  const entry = await facts.get(SEQUENCER_KEY);
  return entry?.operation === 'PUT' ? (entry.string() as Hex) : undefined;
}

/**
 * Records this node's sequencer address as the fleet's when it is the first node with a key, else checks
 * it is the fleet's: the chain of commitments has one signer, whichever node holds the lease (a standby
 * taking over signs with the same key). A node without a key (a replica) only reads it. Returns the
 * fleet's address, when known.
 */
export async function checkSharedSequencer(facts: KV, own: Hex | undefined): Promise<Hex | undefined> {
  let shared = await readSharedSequencer(facts);
  if (!shared && own) {
    await facts.create(SEQUENCER_KEY, own).catch(() => {});
    shared = await readSharedSequencer(facts);
  }
  if (own && shared && shared.toLowerCase() !== own.toLowerCase()) {
    throw new Error(
      `this node's sequencer key signs as ${own}, the fleet's sequencer as ${shared}: a sequencer or standby needs the fleet's key (--sequencer-key FILE), a replica none`,
    );
  }
  return shared;
}
