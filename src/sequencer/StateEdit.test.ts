// The sequencer's state-edit port (what dev methods such as anvil_setBalance will use): an edit
// is pre-confirmed in order with transactions, visible to "pending" as soon as it resolves,
// durable (a restart finds it), and folded into the next sealed block's state root, which an
// independent Merkle-proof walk checks.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RLP } from '@ethereumjs/rlp';
import { createAccountFromRLP } from '@ethereumjs/util';
import { keccak256 as viemKeccak256 } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../primitives/blockTag.js';
import { bytesToHex, hexToBytes, padBytes } from '../primitives/hex.js';
import { createTestChain, type TestChain } from '../testing/createTestChain.js';
import { sealBlock } from '../testing/driveChain.js';
import { sendTestTransaction } from '../testing/sendTestTransaction.js';
import { verifyMerkleProof } from '../testing/verifyMerkleProof.js';
import type { StateEdit } from './StateEdit.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const TARGET = hexToBytes('0x00000000000000000000000000000000000e0001');
const SLOT = padBytes(hexToBytes('0x07'), 32);
const CODE = hexToBytes('0x6001600155');

let chain: TestChain | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await chain?.close();
  chain = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** An edit that gives TARGET a balance, a nonce, code and one storage slot. */
function setUpTarget(balance: bigint): StateEdit {
  return {
    description: `setBalance ${bytesToHex(TARGET)} ${balance}`,
    apply: async (state) => {
      await state.setBalance(TARGET, balance);
      await state.setNonce(TARGET, 5n);
      await state.setCode(TARGET, CODE);
      await state.setStorage(TARGET, SLOT, hexToBytes('0x2a'));
    },
  };
}

describe('state edits through the sequencer', () => {
  it('are visible in "pending" once they resolve, in a sub-block of their own, not yet in "latest"', async () => {
    chain = await createTestChain();
    await chain.sequencer.editState(setUpTarget(1234n));
    const { backend } = chain;
    expect(backend.state.getBalance(TARGET, PENDING)).toBe(1234n);
    expect(backend.state.getTransactionCount(TARGET, PENDING)).toBe(5n);
    expect(bytesToHex(backend.state.getCode(TARGET, PENDING))).toBe(bytesToHex(CODE));
    expect(bytesToHex(backend.state.getStorageAt(TARGET, SLOT, PENDING))).toBe('0x2a');
    expect(backend.state.getBalance(TARGET, LATEST)).toBe(0n);
    expect(chain.sequencer.openBlock.subBlocks).toMatchObject([{ index: 0, transactionHashes: [], stateEdits: [`setBalance ${bytesToHex(TARGET)} 1234`] }]);
  });

  it('are ordered with transactions: a transfer pre-confirmed after an edit builds on it', async () => {
    chain = await createTestChain();
    await chain.sequencer.editState(setUpTarget(1000n));
    await sendTestTransaction(chain, chain.accounts[0]!, { to: bytesToHex(TARGET), value: 1n, gas: 100_000n });
    await chain.clock.advance(chain.config.preconfIntervalMs);
    expect(chain.backend.state.getBalance(TARGET, PENDING)).toBe(1001n);
    expect(chain.sequencer.openBlock.subBlocks.map((subBlock) => subBlock.transactionHashes.length)).toEqual([0, 1]);
  });

  it('are in the next sealed state root (proven independently) and survive a restart before the seal', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sequin-state-edit-'));
    chain = await createTestChain({ ephemeral: false, dataDir });
    const clock = chain.clock;
    await chain.sequencer.editState(setUpTarget(777n));
    await chain.close();

    chain = await createTestChain({ ephemeral: false, dataDir }, { clock });
    expect(chain.backend.state.getBalance(TARGET, PENDING)).toBe(777n);
    const sealed = await sealBlock(chain);
    const block = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(sealed) }, false)!;
    expect(chain.backend.state.getBalance(TARGET, LATEST)).toBe(777n);

    const proof = await chain.backend.state.getProof(TARGET, [{ slot: SLOT, printed: bytesToHex(SLOT) }], LATEST);
    const encoded = verifyMerkleProof(hexToBytes(block.stateRoot), TARGET, proof.accountProof.map(hexToBytes));
    const account = createAccountFromRLP(encoded!);
    expect(account.balance).toBe(777n);
    expect(account.nonce).toBe(5n);
    expect(bytesToHex(account.codeHash)).toBe(viemKeccak256(CODE));
    const slotValue = verifyMerkleProof(account.storageRoot, SLOT, proof.storageProof[0]!.proof.map(hexToBytes));
    expect(bytesToHex(RLP.decode(slotValue!) as Uint8Array)).toBe('0x2a');
  });

  it('fail without a trace when the edit throws: nothing is pre-confirmed', async () => {
    chain = await createTestChain();
    const failing: StateEdit = {
      description: 'half an edit',
      apply: async (state) => {
        await state.setBalance(TARGET, 5n);
        throw new Error('refused');
      },
    };
    await expect(chain.sequencer.editState(failing)).rejects.toThrow('refused');
    expect(chain.backend.state.getBalance(TARGET, PENDING)).toBe(0n);
    expect(chain.sequencer.openBlock.subBlocks).toHaveLength(0);
  });

  it('that arrive together share one sub-block, applied in arrival order, each resolving once it is durable', async () => {
    chain = await createTestChain();
    const setSlot = (value: string): StateEdit => ({
      description: `setStorageAt ${value}`,
      apply: (state) => state.setStorage(TARGET, SLOT, hexToBytes(value)),
    });
    await Promise.all([chain.sequencer.editState(setSlot('0x01')), chain.sequencer.editState(setSlot('0x02')), chain.sequencer.editState(setSlot('0x03'))]);
    expect(bytesToHex(chain.backend.state.getStorageAt(TARGET, SLOT, PENDING))).toBe('0x03');
    expect(chain.sequencer.openBlock.subBlocks).toMatchObject([{ index: 0, stateEdits: ['setStorageAt 0x01', 'setStorageAt 0x02', 'setStorageAt 0x03'] }]);
    // One sent after them gets a sub-block of its own.
    await chain.sequencer.editState(setSlot('0x04'));
    expect(chain.sequencer.openBlock.subBlocks.map((subBlock) => subBlock.stateEdits)).toEqual([
      ['setStorageAt 0x01', 'setStorageAt 0x02', 'setStorageAt 0x03'],
      ['setStorageAt 0x04'],
    ]);
  });

  it('that arrive together: one that throws fails alone, undone, and the others are pre-confirmed', async () => {
    chain = await createTestChain();
    const failing: StateEdit = {
      description: 'half an edit',
      apply: async (state) => {
        await state.setNonce(TARGET, 9n);
        throw new Error('refused');
      },
    };
    const outcomes = await Promise.allSettled([
      chain.sequencer.editState(setUpTarget(10n)),
      chain.sequencer.editState(failing),
      chain.sequencer.editState(setUpTarget(20n)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused' });
    expect(chain.backend.state.getBalance(TARGET, PENDING)).toBe(20n);
    expect(chain.backend.state.getTransactionCount(TARGET, PENDING)).toBe(5n);
    expect(chain.sequencer.openBlock.subBlocks).toMatchObject([{ stateEdits: [`setBalance ${bytesToHex(TARGET)} 10`, `setBalance ${bytesToHex(TARGET)} 20`] }]);
  });

  it('that arrive together in instant mode are sealed in one block', async () => {
    chain = await createTestChain({ mining: 'instant' });
    const setBalance = (balance: bigint): StateEdit => ({ description: `setBalance ${balance}`, apply: (state) => state.setBalance(TARGET, balance) });
    await Promise.all([1n, 2n, 3n].map((balance) => chain!.sequencer.editState(setBalance(balance))));
    expect(chain.backend.state.getBalance(TARGET, LATEST)).toBe(3n);
    expect(chain.backend.blocks.getBlock(LATEST, false)).toMatchObject({ number: '0x1' });
  });
});
