// anvil_dropTransaction, anvil_dropAllTransactions, anvil_removePoolTransactions on a whole
// in-process chain whose sequencer does not tick (so the pool keeps what it is given): what they
// drop leaves the pool and the journal (a restart does not bring it back), and nothing else does.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Hex } from '../../primitives/hex.js';
import { hexToBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';

const RECIPIENT: Hex = '0x000000000000000000000000000000000000dead';

let chain: TestChain | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function transfers(test: TestChain, accountIndex: number, count: number): Promise<Hex[]> {
  const hashes: Hex[] = [];
  for (let index = 0; index < count; index++)
    hashes.push(await sendTestTransaction(test, test.accounts[accountIndex]!, { to: RECIPIENT, value: 1n, gas: 21_000n }));
  return hashes;
}

function pooled(test: TestChain): Hex[] {
  return [...test.pool.contents().values()].flatMap((senderTxs) => [...senderTxs.values()].map((transaction) => transaction.hash)).sort();
}

describe('pool control', () => {
  it("drops a transaction with its sender's later nonces, answering its hash; null for one the pool does not hold", async () => {
    chain = await createTestChain({}, { start: false });
    const [first, second, third] = await transfers(chain, 0, 3);
    const [other] = await transfers(chain, 1, 1);
    expect(await chain.backend.dev.pool.dropTransaction(second!)).toBe(second);
    expect(pooled(chain)).toEqual([first!, other!].sort());
    expect(await chain.backend.dev.pool.dropTransaction(third!)).toBeNull();
    expect(await chain.backend.dev.pool.dropTransaction(`0x${'ab'.repeat(32)}`)).toBeNull();
    chain.pool.assertInvariants();
  });

  it("removes one sender's transactions, or all of them", async () => {
    chain = await createTestChain({}, { start: false });
    await transfers(chain, 0, 2);
    const kept = await transfers(chain, 1, 2);
    await chain.backend.dev.pool.removePoolTransactions(hexToBytes(chain.accounts[0]!.address));
    expect(pooled(chain)).toEqual([...kept].sort());
    await chain.backend.dev.pool.dropAllTransactions();
    expect(pooled(chain)).toEqual([]);
    expect(chain.backend.txpool.status()).toEqual({ pending: '0x0', queued: '0x0' });
    chain.pool.assertInvariants();
  });

  it('forgets what it drops in the journal: a restart does not bring it back', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-pool-control-'));
    chain = await createTestChain({ ephemeral: false, dataDir }, { start: false });
    const clock = chain.clock;
    const dropped = await transfers(chain, 0, 2);
    const kept = await transfers(chain, 1, 1);
    await chain.backend.dev.pool.dropTransaction(dropped[0]!);
    await chain.close();
    chain = await createTestChain({ ephemeral: false, dataDir }, { clock, start: false });
    expect(pooled(chain)).toEqual(kept);
  });
});
