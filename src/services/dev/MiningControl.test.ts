// Mining control through the backend, with Anvil's semantics: automine on/off, interval mining in
// seconds (0 = none), anvil_mine with an interval, and the block settings the pool follows.

import { afterEach, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { signTestTransaction } from '../../testing/sendTestTransaction.js';

let chain: TestChain | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error) => onTheWire(error),
  );
}

describe('mining modes at run time', () => {
  it('automine on is instant mining; off leaves manual mining; interval mining is in seconds, 0 stopping it', async () => {
    chain = await createTestChain();
    const { mining } = chain.backend;
    expect(mining.getAutomine()).toBe(false);
    expect(mining.getIntervalMining()).toBe(2);

    await mining.setAutomine(true);
    expect(mining.getAutomine()).toBe(true);
    expect(mining.getIntervalMining()).toBeNull();
    await mining.setAutomine(false);
    expect(chain.sequencer.mode).toEqual({ kind: 'manual' });

    await mining.setIntervalMining(3n);
    expect(chain.sequencer.mode).toEqual({ kind: 'interval', blockTimeMs: 3000, preconfIntervalMs: 200 });
    expect(mining.getIntervalMining()).toBe(3);
    // Turning automine off while not on changes nothing (Anvil).
    await mining.setAutomine(false);
    expect(mining.getIntervalMining()).toBe(3);
    await mining.setIntervalMining(0n);
    expect(chain.sequencer.mode).toEqual({ kind: 'manual' });
  });

  it('anvil_mine mines the blocks asked for, the clock moving the interval forward before each', async () => {
    chain = await createTestChain({ mining: 'manual' });
    await chain.backend.mining.mine(3n, 60n);
    const now = BigInt(Math.floor(chain.clock.now() / 1000));
    const timestamps = [1n, 2n, 3n].map((number) => BigInt(chain!.backend.blocks.getBlock({ kind: 'number', number }, false)!.timestamp));
    expect(timestamps).toEqual([now + 60n, now + 120n, now + 180n]);
    await chain.backend.mining.mine(undefined, undefined);
    expect(chain.backend.blocks.blockNumber()).toBe(4n);
    await chain.backend.mining.mine(0n, undefined);
    expect(chain.backend.blocks.blockNumber()).toBe(4n);
  });
  it('anvil_mine with an interval stamps its blocks exactly that far apart even when the run crosses wall-clock seconds', async () => {
    chain = await createTestChain({ mining: 'manual' });
    const { raw } = await signTestTransaction(chain, chain.accounts[0]!, { to: '0x00000000000000000000000000000000000e0004', gas: 21_000n });
    await chain.backend.transactions.sendRawTransaction(raw);
    // A slow run: every reading of the wall clock is 700 ms after the one before.
    const clock = chain.clock;
    const manualNow = clock.now.bind(clock);
    let slept = 0;
    clock.now = () => manualNow() + (slept += 700);
    await chain.backend.mining.mine(4n, 10n);
    clock.now = manualNow;
    // The first block holds the transaction (sealed on its own), the three after it are empty (sealed together).
    const timestamps = [1n, 2n, 3n, 4n].map((number) => BigInt(chain!.backend.blocks.getBlock({ kind: 'number', number }, false)!.timestamp));
    expect(timestamps.slice(1).map((timestamp, index) => timestamp - timestamps[index]!)).toEqual([10n, 10n, 10n]);
  });
});

describe('block settings', () => {
  it('the pool follows the block gas limit: a transaction above it is refused with geth\'s "exceeds block gas limit"', async () => {
    chain = await createTestChain({ mining: 'instant' });
    await chain.backend.mining.setBlockGasLimit(100_000n);
    const { raw } = await signTestTransaction(chain, chain.accounts[0]!, { to: '0x00000000000000000000000000000000000e0004', gas: 200_000n });
    expect(await rejection(chain.backend.transactions.sendRawTransaction(raw))).toEqual({ code: -32000, message: 'exceeds block gas limit' });
    expect(await rejection(chain.backend.mining.setBlockGasLimit(20_999n))).toMatchObject({ code: -32602 });
  });

  it('the coinbase set receives the tips of the next blocks', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const coinbase = hexToBytes('0x00000000000000000000000000000000000c0222');
    await chain.backend.mining.setCoinbase(coinbase);
    const { raw } = await signTestTransaction(chain, chain.accounts[0]!, { to: '0x00000000000000000000000000000000000e0004', gas: 21_000n });
    await chain.backend.transactions.sendRawTransaction(raw);
    expect(chain.backend.state.getBalance(coinbase, { kind: 'tag', tag: 'latest' })).toBe(21_000n * 1_000_000_000n);
    expect(chain.backend.blocks.getBlock({ kind: 'tag', tag: 'latest' }, false)).toMatchObject({ miner: '0x00000000000000000000000000000000000c0222' });
  });

  it("a minimum gas price is refused, the chain running EIP-1559 (Anvil's words)", async () => {
    chain = await createTestChain();
    const mining = chain.backend.mining;
    expect(onTheWire(thrown(() => mining.setMinGasPrice('anvil_setMinGasPrice')))).toEqual({
      code: -32602,
      message: 'anvil_setMinGasPrice is not supported when EIP-1559 is active',
    });
  });
});
