// The chain's clock through the backend (Anvil's time methods): an offset moves block timestamps,
// an exact next timestamp is taken once and the clock continues from it, a fixed step per block,
// anvil_setTime, and evm_mine's timestamp — with Anvil's answers and refusals. The manual clock
// does not move unless told, so every expected timestamp is exact.

import { afterEach, describe, expect, it } from 'vitest';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';

let chain: TestChain | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

/** Mines `count` blocks with evm_mine and returns their timestamps. */
async function mineTimestamps(test: TestChain, count: number, timestamp?: bigint): Promise<bigint[]> {
  const blocks = await test.backend.mining.evmMine({ blocks: BigInt(count), ...(timestamp === undefined ? {} : { timestamp }) });
  return blocks.map((block) => BigInt(block.timestamp));
}

function nowSecond(test: TestChain): bigint {
  return BigInt(Math.floor(test.clock.now() / 1000));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error) => onTheWire(error),
  );
}

describe('time', () => {
  it('evm_increaseTime moves the next blocks forward and answers the total offset', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time } = chain.backend;
    expect(await time.increaseTime(3600n)).toBe(3600n);
    expect(await time.increaseTime(60n)).toBe(3660n);
    expect(await mineTimestamps(chain, 1)).toEqual([nowSecond(chain) + 3660n]);
  });

  it('evm_setNextBlockTimestamp is used once; the clock continues from it; a timestamp not above the previous block is refused', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time } = chain.backend;
    const target = nowSecond(chain) + 1000n;
    await time.setNextBlockTimestamp(target);
    await chain.clock.advance(5_000);
    expect(await mineTimestamps(chain, 2)).toEqual([target, target + 1n]);
    await chain.clock.advance(10_000);
    expect(await mineTimestamps(chain, 1)).toEqual([target + 10n]);

    expect(await rejection(time.setNextBlockTimestamp(5n))).toEqual({ code: -32602, message: "Timestamp error: 5 is lower than previous block's timestamp" });
    expect(await rejection(time.setNextBlockTimestamp(target + 10n))).toMatchObject({ code: -32602, message: expect.stringContaining('Timestamp error') });
  });

  it('keeps every timestamp a uint64: a huge offset or step saturates at 2^64 - 1, a larger exact timestamp or step is refused', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time } = chain.backend;
    const max = 2n ** 64n - 1n;
    expect(await rejection(time.setNextBlockTimestamp(max + 1n))).toEqual({ code: -32602, message: 'The timestamp is too big' });
    expect(await rejection(time.setBlockTimestampInterval(2n ** 255n))).toMatchObject({ code: -32602, message: expect.stringContaining('above 2^64 - 1') });
    await time.increaseTime(2n ** 255n);
    // Both blocks are built, signed (a commitment's words hold a uint64 timestamp) and sealed.
    expect(await mineTimestamps(chain, 2)).toEqual([max, max]);
  });

  it('evm_mine with a timestamp mines its first block at it', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const target = nowSecond(chain) + 50n;
    expect(await mineTimestamps(chain, 3, target)).toEqual([target, target + 1n, target + 2n]);
    expect(await rejection(chain.backend.mining.evmMine({ timestamp: 1n }))).toEqual({
      code: -32602,
      message: "Timestamp error: 1 is lower than previous block's timestamp",
    });
  });

  it('anvil_setBlockTimestampInterval steps each block from its parent until removed; removing twice says false', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time } = chain.backend;
    const [first] = await mineTimestamps(chain, 1);
    await time.setBlockTimestampInterval(12n);
    expect(await mineTimestamps(chain, 2)).toEqual([first! + 12n, first! + 24n]);
    expect(await time.removeBlockTimestampInterval()).toBe(true);
    expect(await time.removeBlockTimestampInterval()).toBe(false);
    expect(await mineTimestamps(chain, 1)).toEqual([first! + 25n]);
  });

  it('anvil_setTime sets the clock (seconds or milliseconds) and answers how far ahead that is', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time } = chain.backend;
    const now = nowSecond(chain);
    expect(await time.setTime(now + 500n)).toBe(500n);
    expect(await mineTimestamps(chain, 1)).toEqual([now + 500n]);
    expect(await time.setTime((now + 700n) * 1000n)).toBe(200n);
    // Back in time: answers 0; blocks still follow their parent.
    expect(await time.setTime(now)).toBe(0n);
    expect(await mineTimestamps(chain, 1)).toEqual([now + 501n]);
  });

  it("a revert takes the clock back to the snapshot block's time, as Anvil", async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { time, snapshots } = chain.backend;
    const [snapshotTime] = await mineTimestamps(chain, 1);
    const id = await snapshots.snapshot();
    await time.increaseTime(86_400n);
    expect(await mineTimestamps(chain, 1)).toEqual([nowSecond(chain) + 86_400n]);
    await snapshots.revert(id);
    expect(await mineTimestamps(chain, 1)).toEqual([snapshotTime! + 1n]);
  });

  it('in instant mining a changed clock reaches the next transaction block', async () => {
    chain = await createTestChain({ mining: 'instant' });
    await chain.backend.time.increaseTime(100n);
    await chain.clock.advance(3_000);
    expect(await mineTimestamps(chain, 1)).toEqual([nowSecond(chain) + 100n]);
  });
});
