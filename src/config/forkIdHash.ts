/**
 * EIP-2124's FORK_HASH of a chain at a moment: CRC32 of the genesis hash, updated with each fork point
 * passed so far as a big-endian uint64, as geth computes it (`forkid.NewID`):
 *
 *   crc32(genesis hash) ─▶ + every block fork (ascending, duplicates once, block 0 left out)
 *                       ─▶ + every timestamp fork at or before `time` (ascending, duplicates once,
 *                            those at or before the genesis timestamp left out: active from the start)
 *
 * Every block fork counts as passed: eth_config describes timestamp forks, all after the block forks.
 */
import { crc32 } from 'node:zlib';

/** The fork points of a chain: block numbers and timestamps, in any order. */
export interface ForkPoints {
  blocks: readonly bigint[];
  timestamps: readonly bigint[];
}

/** The 4-byte fork hash of a chain with `genesis` and `points`, at `time`. */
export function forkIdHash(genesis: { hash: Uint8Array; timestamp: bigint }, points: ForkPoints, time: bigint): Uint8Array {
  let checksum = crc32(genesis.hash);
  for (const block of ascendingOnce(points.blocks)) if (block > 0n) checksum = crc32(uint64(block), checksum);
  for (const timestamp of ascendingOnce(points.timestamps)) {
    if (timestamp > genesis.timestamp && timestamp <= time) checksum = crc32(uint64(timestamp), checksum);
  }
  const hash = new Uint8Array(4);
  new DataView(hash.buffer).setUint32(0, checksum);
  return hash;
}

function ascendingOnce(values: readonly bigint[]): bigint[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function uint64(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value);
  return bytes;
}
