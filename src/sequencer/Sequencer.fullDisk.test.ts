// The sequencer on a disk that fills up (testing/FullDiskStorage.ts under the node's storage
// guard): a sub-block or a seal whose commit is refused publishes nothing, later ticks are skipped
// while storage is unwritable, and once it recovers the same transactions are pre-confirmed and the
// block is sealed with a state root an independent Merkle-proof walk accepts.

import { createAccountFromRLP } from '@ethereumjs/util';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../errors/StorageUnavailableError.js';
import type { BlockSelector } from '../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../primitives/hex.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../testing/driveChain.js';
import { FullDiskStorage } from '../testing/FullDiskStorage.js';
import { sendTestTransaction } from '../testing/sendTestTransaction.js';
import { verifyMerkleProof } from '../testing/verifyMerkleProof.js';

const RECIPIENT: Hex = '0x00000000000000000000000000000000000f0110';
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };

let chain: TestChain | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
});

async function chainOnFillingDisk(): Promise<{ chain: TestChain; disk: FullDiskStorage }> {
  let disk: FullDiskStorage | undefined;
  chain = await createTestChain({}, { wrapStorage: (storage) => (disk = new FullDiskStorage(storage)) });
  return { chain, disk: disk! };
}

/** Waits (real time: the guard probes every second) until storage accepts writes again. */
async function untilWritable(chain: TestChain): Promise<void> {
  for (let waited = 0; !chain.storageHealth().writable; waited += 20) {
    if (waited > 5_000) throw new Error('storage did not turn writable again');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the sequencer on a full disk', () => {
  it('publishes nothing it could not commit, stops ticking, and pre-confirms the same txs once storage recovers', async () => {
    const { chain, disk } = await chainOnFillingDisk();
    const [alice] = chain.accounts;
    const hash = await sendTestTransaction(chain, alice!, { to: RECIPIENT, value: 5n, gas: 21_000n });
    disk.full = true;
    await preconfirm(chain);
    expect(chain.storageHealth().writable).toBe(false);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toBeNull();
    expect(chain.pool.get(hash)).toBeDefined();
    // Paused: ticks (sub-blocks and seals) are skipped, so nothing more is even attempted.
    for (let tick = 0; tick < 15; tick++) await preconfirm(chain);
    expect(disk.refused).toBe(1);
    expect(chain.backend.blocks.blockNumber()).toBe(0n);
    // Submissions are refused and leave the pool as it was.
    await expect(sendTestTransaction(chain, alice!, { to: RECIPIENT, value: 6n, gas: 21_000n })).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(chain.pool.size).toBe(1);

    disk.full = false;
    await untilWritable(chain);
    await preconfirm(chain);
    expect(chain.backend.blocks.getTransactionReceipt(hash)).toMatchObject({ status: '0x1' });
  });

  it('redoes a refused seal once storage recovers, with a state root that proves the balances', async () => {
    const { chain, disk } = await chainOnFillingDisk();
    const [alice] = chain.accounts;
    await sendTestTransaction(chain, alice!, { to: RECIPIENT, value: 7n, gas: 21_000n });
    await preconfirm(chain);
    // The pool is empty: the next commit the sequencer tries is the seal.
    disk.full = true;
    while (disk.refused === 0) await preconfirm(chain);
    expect(chain.backend.blocks.blockNumber()).toBe(0n);

    disk.full = false;
    await untilWritable(chain);
    const sealed = await sealBlock(chain);
    expect(sealed).toBe(1);
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: 1n }, false)!;
    expect(block.transactions).toHaveLength(1);
    const proof = await chain.backend.state.getProof(hexToBytes(RECIPIENT), [], LATEST);
    const account = createAccountFromRLP(verifyMerkleProof(hexToBytes(block.stateRoot), hexToBytes(RECIPIENT), proof.accountProof.map(hexToBytes))!);
    expect(account.balance).toBe(7n);
  });
});
