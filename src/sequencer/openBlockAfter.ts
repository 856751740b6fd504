import { nextBaseFee } from '../chain/nextBaseFee.js';
import type { StoredBlock } from '../chain/records.js';
import { hexToBytes } from '../primitives/hex.js';
import { OpenBlock } from './OpenBlock.js';

/**
 * Opens the block after `parent`, no earlier than `earliestMs` (wall clock) and no earlier than
 * the second after the parent's timestamp. The timestamp is the opening second, and sub-blocks
 * only run after the opening, so block timestamps strictly increase and never run ahead of the
 * wall clock. The base fee follows EIP-1559 from the parent.
 */
export function openBlockAfter(parent: StoredBlock, earliestMs: number): OpenBlock {
  const parentTimestamp = Number(BigInt(parent.timestamp));
  const openedAtMs = Math.max(earliestMs, (parentTimestamp + 1) * 1000);
  const baseFee = nextBaseFee({ baseFeePerGas: BigInt(parent.baseFeePerGas), gasUsed: BigInt(parent.gasUsed), gasLimit: BigInt(parent.gasLimit) });
  return new OpenBlock(
    Number(BigInt(parent.number)) + 1,
    BigInt(Math.floor(openedAtMs / 1000)),
    baseFee,
    hexToBytes(parent.hash),
    hexToBytes(parent.stateRoot),
    openedAtMs,
  );
}
