// anvil_dumpState / anvil_loadState on whole in-process chains: a dump of a node loaded into a
// fresh node of the same genesis gives the same state root; loading follows Anvil's rules; what
// is not a dump is refused with Anvil's words.

import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { bytesToHex, type Hex, hexToBytes, padBytes } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { onTheWire } from '../../testing/onTheWire.js';
import { submitTestTokenDeployment, submitTokenTransfer } from '../../testing/testToken.js';

const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };
const EDITED = hexToBytes('0x00000000000000000000000000000000000e0004');

const chains: TestChain[] = [];
afterEach(async () => {
  for (const chain of chains.splice(0)) await chain.close();
});

async function newChain(): Promise<TestChain> {
  const chain = await createTestChain();
  chains.push(chain);
  return chain;
}

function stateRoot(chain: TestChain): Hex {
  return chain.backend.blocks.getBlock(LATEST, false)!.stateRoot;
}

/** A chain with contracts, token balances, spent nonces and edited accounts, all sealed. */
async function busyChain(): Promise<TestChain> {
  const chain = await newChain();
  const deployer = chain.accounts[0]!;
  const deployment = await submitTestTokenDeployment(chain, deployer, 10_000n);
  await preconfirm(chain);
  const token = chain.backend.blocks.getTransactionReceipt(deployment)!.contractAddress!;
  await submitTokenTransfer(chain, token, deployer, chain.accounts[1]!.address as Hex, 250n);
  await chain.backend.dev.state.setBalance(EDITED, 123n);
  await chain.backend.dev.state.setNonce(EDITED, 9n);
  await chain.backend.dev.state.setCode(EDITED, hexToBytes('0x600160015500'));
  await chain.backend.dev.state.setStorageAt(EDITED, padBytes(hexToBytes('0x05'), 32), padBytes(hexToBytes('0x0700'), 32));
  await sealBlock(chain);
  return chain;
}

describe('state dumps', () => {
  it('load into a fresh node with the same genesis as the same state root', async () => {
    const source = await busyChain();
    const dump = source.backend.dev.dumps.dumpState();
    const fresh = await newChain();
    expect(stateRoot(fresh)).not.toBe(stateRoot(source));
    expect(await fresh.backend.dev.dumps.loadState(hexToBytes(dump))).toBe(true);
    // Pending at once, latest (and the root) at the next seal.
    expect(fresh.backend.state.getBalance(EDITED, PENDING)).toBe(123n);
    await sealBlock(fresh);
    expect(stateRoot(fresh)).toBe(stateRoot(source));
    expect(bytesToHex(fresh.backend.state.getCode(EDITED, LATEST))).toBe('0x600160015500');
  });

  it("write Anvil's JSON, gzipped: accounts with nonce, balance, code, non-zero storage, and the head block", async () => {
    const chain = await busyChain();
    const json = JSON.parse(gunzipSync(hexToBytes(chain.backend.dev.dumps.dumpState())).toString('utf8'));
    expect(json.accounts[bytesToHex(EDITED)]).toEqual({
      nonce: 9,
      balance: '0x7b',
      code: '0x600160015500',
      storage: { [`0x${'05'.padStart(64, '0')}`]: `0x${'0700'.padStart(64, '0')}` },
    });
    const head = chain.backend.blocks.getBlock(LATEST, false)!;
    expect(json.best_block_number).toBe(Number(head.number));
    expect(json.block).toMatchObject({ number: head.number, difficulty: '0x0' });
    expect(json.blocks).toHaveLength(1);
    expect(json.blocks[0].header).toMatchObject({ number: head.number, hash: head.hash, stateRoot: head.stateRoot });
    expect(json).toMatchObject({ transactions: [], historical_states: null });
  });

  it("load as Anvil does: the dump's balance and code, the larger nonce, its slots over the others, other accounts untouched", async () => {
    const chain = await newChain();
    const kept = chain.accounts[4]!.address;
    const target = chain.accounts[5]!.address;
    await chain.backend.dev.state.setNonce(hexToBytes(target), 50n);
    await chain.backend.dev.state.setStorageAt(hexToBytes(target), padBytes(hexToBytes('0x01'), 32), padBytes(hexToBytes('0x11'), 32));
    // Anvil's lenient numbers: decimal text, a JSON integer, short hex keys; plain JSON (not gzipped).
    const dump = {
      block: { number: '0x99' },
      best_block_number: 153,
      accounts: {
        [target]: { nonce: 3, balance: '1000', code: '0x00', storage: { '0x02': '0x22' } },
      },
      blocks: [{ header: { number: '0x99' }, transactions: [], ommers: [] }],
    };
    await chain.backend.dev.dumps.loadState(new TextEncoder().encode(JSON.stringify(dump)));
    const state = chain.backend.state;
    expect(state.getBalance(hexToBytes(target), PENDING)).toBe(1000n);
    expect(state.getTransactionCount(hexToBytes(target), LATEST)).toBe(0n);
    await sealBlock(chain);
    expect(state.getTransactionCount(hexToBytes(target), LATEST)).toBe(50n);
    expect(bytesToHex(state.getCode(hexToBytes(target), LATEST))).toBe('0x00');
    expect(bytesToHex(state.getStorageAt(hexToBytes(target), padBytes(hexToBytes('0x01'), 32), LATEST))).toBe('0x11');
    expect(bytesToHex(state.getStorageAt(hexToBytes(target), padBytes(hexToBytes('0x02'), 32), LATEST))).toBe('0x22');
    expect(state.getBalance(hexToBytes(kept), LATEST)).toBe(10_000n * 10n ** 18n);
    // The chain keeps its own history: the dump's block number is not adopted.
    expect(chain.backend.blocks.blockNumber()).toBeLessThan(153n);
  });

  it("refuse what is not a dump with Anvil's -32602 `Failed to decode state dump`, changing nothing", async () => {
    const chain = await newChain();
    const before = chain.sequencer.openBlock.subBlocks.length;
    for (const bad of ['0x1234', bytesToHex(new TextEncoder().encode('{"accounts":{"0x12":{}}}')), bytesToHex(new TextEncoder().encode('[]'))]) {
      const error = await chain.backend.dev.dumps.loadState(hexToBytes(bad)).catch((caught: unknown) => caught);
      expect(onTheWire(error)).toEqual({ code: -32602, message: 'Failed to decode state dump' });
    }
    expect(chain.sequencer.openBlock.subBlocks).toHaveLength(before);
  });
});
