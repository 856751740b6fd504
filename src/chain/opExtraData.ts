/**
 * An OP Stack block header's extraData, from Holocene: the EIP-1559 parameters the next block's base fee
 * is computed with (the specs' holocene/exec-engine.md and jovian/exec-engine.md):
 *
 *   Holocene   version 0 ‖ denominator u32 ‖ elasticity u32                       (9 bytes)
 *   Jovian     version 1 ‖ denominator u32 ‖ elasticity u32 ‖ minBaseFee u64     (17 bytes)
 *
 * Before Holocene it is empty (Sequin's blocks) or whatever the chain put there.
 */
import type { OpStackChain } from '../config/opStack/OpStackChain.js';
import { bigintToPaddedBytes, type Hex, hexToBytes } from '../primitives/hex.js';
import type { BaseFeeParameters } from './BaseFeeParameters.js';

/** The extraData of a block of `chain` at `timestamp`. */
export function opExtraData(chain: OpStackChain, timestamp: bigint): Uint8Array {
  if (timestamp < chain.forks.holocene) return new Uint8Array(0);
  const jovian = timestamp >= chain.forks.jovian;
  const { denominator, elasticity, minBaseFee } = chain.eip1559;
  const parts = [
    Uint8Array.of(jovian ? 1 : 0),
    bigintToPaddedBytes(denominator, 4),
    bigintToPaddedBytes(elasticity, 4),
    ...(jovian ? [bigintToPaddedBytes(minBaseFee, 8)] : []),
  ];
  const out = new Uint8Array(jovian ? 17 : 9);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The EIP-1559 parameters a Holocene or Jovian extraData carries, or undefined when it carries none. */
export function decodeOpExtraData(extraData: Hex): BaseFeeParameters | undefined {
  const bytes = hexToBytes(extraData);
  const read = (from: number, to: number) => BigInt(`0x${Buffer.from(bytes.subarray(from, to)).toString('hex') || '0'}`);
  if (bytes.length === 9 && bytes[0] === 0) return { denominator: read(1, 5), elasticity: read(5, 9), minBaseFee: 0n };
  if (bytes.length === 17 && bytes[0] === 1) return { denominator: read(1, 5), elasticity: read(5, 9), minBaseFee: read(9, 17) };
  return undefined;
}
