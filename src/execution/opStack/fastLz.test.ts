import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex as ViemHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, concatBytes, hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sealBlock } from '../../testing/driveChain.js';
import { ManualClock } from '../../testing/ManualClock.js';
import { fastLzCompressedLength } from './fastLz.js';
import { l1CostOf } from './l1Cost.js';

/**
 * Our FastLZ size against the chain's own: the GasPriceOracle predeploy prices `getL1Fee(data)` with
 * solady's `LibZip.flzCompress(data).length + 68` (Fjord), so for each input the oracle's fee must be
 * the Fjord formula applied to our compressed length + 68. Inputs: empty, short, zeros, repeats at
 * every distance class, long matches (≥ 262 bytes), random bytes, and mixtures. Fjord prices every size
 * under ~100 compressed bytes the same (its 100-byte floor), so each input follows 200 random bytes: a
 * size one byte off would change the fee, which each case checks too.
 */
const GAS_PRICE_ORACLE = hexToBytes('0x420000000000000000000000000000000000000f');
const abi = parseAbi(['function getL1Fee(bytes) view returns (uint256)']);
const L1 = { l1BaseFee: 20_000_000_000n, l1BlobBaseFee: 3_000_000n, baseFeeScalar: 2269n, blobBaseFeeScalar: 1_055_762n, overhead: 0n, scalar: 0n };

let chain: TestChain;
beforeAll(async () => {
  chain = await createTestChain(
    { network: 'base', l1BaseFee: L1.l1BaseFee, l1BlobBaseFee: L1.l1BlobBaseFee },
    { clock: new ManualClock({ awaitReschedule: true, startMs: 1_800_000_000_000 }) },
  );
  await sealBlock(chain);
});
afterAll(() => chain.close());

/** A deterministic pseudo-random byte stream (xorshift), so failures reproduce. */
function pseudoRandom(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed || 1;
  for (let index = 0; index < length; index++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[index] = x & 0xff;
  }
  return out;
}

const INPUTS: Array<[string, Uint8Array]> = [
  ['empty', new Uint8Array(0)],
  ['12 bytes', pseudoRandom(12, 1)],
  ['13 bytes', pseudoRandom(13, 2)],
  ['zeros ×100', new Uint8Array(100)],
  ['zeros ×5000', new Uint8Array(5000)],
  ['random ×31', pseudoRandom(31, 3)],
  ['random ×33', pseudoRandom(33, 4)],
  ['random ×2000', pseudoRandom(2000, 5)],
  ['a 7-byte phrase ×40', concatBytes(Array.from({ length: 40 }, () => Uint8Array.of(1, 2, 3, 4, 5, 6, 7)))],
  ['random block repeated 9000 bytes apart', concatBytes([pseudoRandom(300, 6), pseudoRandom(9000, 7), pseudoRandom(300, 6)])],
  ['random block repeated 8000 bytes apart', concatBytes([pseudoRandom(300, 8), pseudoRandom(7700, 9), pseudoRandom(300, 8)])],
  ['calldata-like', concatBytes([Uint8Array.of(0xa9, 0x05, 0x9c, 0xbb), new Uint8Array(12), pseudoRandom(20, 10), new Uint8Array(31), Uint8Array.of(0x64)])],
  ['mixed ×20', concatBytes(Array.from({ length: 20 }, (_, index) => concatBytes([pseudoRandom(17 + index, 11 + index), new Uint8Array(index * 3)])))],
];

describe('fastLzCompressedLength', () => {
  it.each(INPUTS)("agrees with the GasPriceOracle's FastLZ (solady's flzCompress) on %s", async (_name, input) => {
    const data = concatBytes([pseudoRandom(200, 99), input]);
    const result = await chain.backend.calls.call(
      { to: GAS_PRICE_ORACLE, data: hexToBytes(encodeFunctionData({ abi, functionName: 'getL1Fee', args: [bytesToHex(data) as ViemHex] })) },
      { kind: 'tag', tag: 'latest' },
    );
    const oracleFee = decodeFunctionResult({ abi, functionName: 'getL1Fee', data: bytesToHex(result) as ViemHex });
    const feeAt = (size: number) => l1CostOf({ zeroes: 0n, ones: 0n, fastLzSize: BigInt(size + 68) }, L1, { regolith: true, ecotone: true, fjord: true }).fee;
    expect(feeAt(fastLzCompressedLength(data))).toBe(oracleFee);
    expect(feeAt(fastLzCompressedLength(data) + 1)).not.toBe(oracleFee);
  });
});
