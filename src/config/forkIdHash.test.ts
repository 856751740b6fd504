import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../primitives/hex.js';
import { forkIdHash } from './forkIdHash.js';

/** Ethereum mainnet: its genesis, block forks (Homestead … Gray Glacier) and timestamp forks (Shanghai, Cancun, Prague). */
const MAINNET_GENESIS = { hash: hexToBytes('0xd4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3'), timestamp: 0n };
const MAINNET_BLOCKS = [1150000n, 1920000n, 2463000n, 2675000n, 4370000n, 7280000n, 9069000n, 9200000n, 12244000n, 12965000n, 13773000n, 15050000n];
const MAINNET_TIMES = [1681338455n, 1710338135n, 1746612311n];

describe('forkIdHash', () => {
  it("gives EIP-2124's mainnet fork hashes (the EIP's vectors for the first block forks, geth's for Shanghai to Prague)", () => {
    const atBlockFork = (count: number) => bytesToHex(forkIdHash(MAINNET_GENESIS, { blocks: MAINNET_BLOCKS.slice(0, count), timestamps: [] }, 0n));
    expect([0, 1, 2, 3, 4, 5, 6].map(atBlockFork)).toEqual(['0xfc64ec04', '0x97c2c34c', '0x91d1f948', '0x7a64da13', '0x3edd5b10', '0xa00bc324', '0x668db0af']);
    const atTime = (time: bigint) => bytesToHex(forkIdHash(MAINNET_GENESIS, { blocks: MAINNET_BLOCKS, timestamps: MAINNET_TIMES }, time));
    expect(MAINNET_TIMES.map(atTime)).toEqual(['0xdce96c2d', '0x9f3d2254', '0xc376cf8b']);
    // Before Shanghai: the block forks only.
    expect(atTime(MAINNET_TIMES[0]! - 1n)).toBe(atBlockFork(MAINNET_BLOCKS.length));
  });

  it('counts a repeated fork point once, and leaves out block 0 and timestamps at or before genesis', () => {
    const genesis = { hash: new Uint8Array(32).fill(7), timestamp: 100n };
    const plain = forkIdHash(genesis, { blocks: [5n], timestamps: [200n] }, 200n);
    expect(forkIdHash(genesis, { blocks: [0n, 5n, 5n], timestamps: [50n, 100n, 200n, 200n] }, 200n)).toEqual(plain);
    expect(forkIdHash(genesis, { blocks: [5n], timestamps: [200n] }, 199n)).toEqual(forkIdHash(genesis, { blocks: [5n], timestamps: [] }, 0n));
  });
});
