import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeConfig } from '../config/nodeConfig.js';
import { bytesToBigint, bytesToHex, hexToBytes } from '../primitives/hex.js';
import { SECP256K1_ORDER } from '../primitives/secp256k1.js';

/** The file a node creates its sequencer key in, in its data directory, when no `--sequencer-key` is given. */
export const SEQUENCER_KEY_FILE = 'sequencer.key';

/** A sequencer key and where it came from (said at start-up). */
export interface SequencerKey {
  privateKey: Uint8Array;
  source: 'file' | 'created' | 'data-dir' | 'memory';
  path?: string;
}

/**
 * The key this node signs sub-block commitments with (issue 26), or undefined for a fleet's replica,
 * which never sequences. `--sequencer-key FILE` reads one hex private key; without it, the data
 * directory's `sequencer.key` is read, or created on first start (mode 0600, readable by the node's
 * user only); `--ephemeral` makes a new key in memory. Throws with what is wrong and what to do.
 */
export function loadSequencerKey(config: Pick<NodeConfig, 'sequencerKey' | 'dataDir' | 'ephemeral' | 'nats' | 'role'>): SequencerKey | undefined {
  if (config.sequencerKey !== undefined) return { privateKey: readKeyFile(config.sequencerKey), source: 'file', path: config.sequencerKey };
  if (config.nats !== undefined && config.role === 'replica') return undefined;
  if (config.ephemeral) return { privateKey: newKey(), source: 'memory' };
  const path = join(config.dataDir, SEQUENCER_KEY_FILE);
  if (exists(path)) return { privateKey: readKeyFile(path), source: 'data-dir', path };
  const privateKey = newKey();
  // 'wx': never overwrite a key another process wrote meanwhile (the data directory lock is taken later).
  writeFileSync(path, `${bytesToHex(privateKey)}\n`, { mode: 0o600, flag: 'wx' });
  return { privateKey, source: 'created', path };
}

function readKeyFile(path: string): Uint8Array {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the sequencer key ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const hex = text.trim();
  const key = /^(0x)?[0-9a-fA-F]{64}$/.test(hex) ? hexToBytes(hex.startsWith('0x') ? hex : `0x${hex}`) : undefined;
  const scalar = key && bytesToBigint(key);
  if (!key || !scalar || scalar >= SECP256K1_ORDER) {
    throw new Error(`the sequencer key ${path} must hold one secp256k1 private key: 64 hex digits (0x optional), not zero, below the curve order`);
  }
  return key;
}

function newKey(): Uint8Array {
  for (;;) {
    const key = new Uint8Array(randomBytes(32));
    const scalar = bytesToBigint(key);
    if (scalar > 0n && scalar < SECP256K1_ORDER) return key;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
