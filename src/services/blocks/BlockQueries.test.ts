// Transactions by block and index, per-block counts and uncle counts, for sealed blocks and the
// open ("pending") block, through the backend as the RPC methods call it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';

let chain: TestChain;
let sealedNumber: number;
let sealedHash: Hex;
let sealedTxs: Hex[];
let pendingTx: Hex;

const byNumber = (number: number): BlockSelector => ({ kind: 'number', number: BigInt(number) });
const PENDING: BlockSelector = { kind: 'tag', tag: 'pending' };
const LATEST: BlockSelector = { kind: 'tag', tag: 'latest' };

beforeAll(async () => {
  chain = await createTestChain();
  const send = (from: number) => sendTestTransaction(chain, chain.accounts[from]!, { to: chain.accounts[9]!.address as Hex, value: 1n, gas: 21_000n });
  sealedTxs = [await send(1), await send(2)];
  await preconfirm(chain);
  sealedNumber = await sealBlock(chain);
  sealedHash = chain.backend.blocks.getBlock(byNumber(sealedNumber), false)!.hash;
  // Sealed order is the sub-block's order (by tip, then hash): read it back rather than assume it.
  sealedTxs = chain.backend.blocks.getBlock(byNumber(sealedNumber), false)!.transactions;
  pendingTx = await send(3);
  await preconfirm(chain);
});
afterAll(() => chain.close());

describe('getTransactionByBlockAndIndex', () => {
  it('serves the tx at each index of a sealed block, by number and by hash, like eth_getTransactionByHash', () => {
    for (const [index, hash] of sealedTxs.entries()) {
      const expected = chain.backend.blocks.getTransactionByHash(hash);
      expect(chain.backend.blocks.getTransactionByBlockAndIndex(byNumber(sealedNumber), BigInt(index))).toEqual(expected);
      expect(chain.backend.blocks.getTransactionByBlockAndIndex({ kind: 'hash', hash: sealedHash }, BigInt(index))).toEqual(expected);
      expect(expected).toMatchObject({ hash, blockHash: sealedHash, transactionIndex: `0x${index.toString(16)}` });
    }
  });

  it('"pending" is the open block: its pre-confirmed txs, block hash zero', () => {
    expect(chain.backend.blocks.getTransactionByBlockAndIndex(PENDING, 0n)).toMatchObject({
      hash: pendingTx,
      blockHash: `0x${'00'.repeat(32)}`,
      blockNumber: `0x${(sealedNumber + 1).toString(16)}`,
    });
    expect(chain.backend.blocks.getTransactionByBlockAndIndex(PENDING, 1n)).toBeNull();
  });

  it('null past the last index, for an unknown hash, and for a block above the head', () => {
    expect(chain.backend.blocks.getTransactionByBlockAndIndex(byNumber(sealedNumber), 2n)).toBeNull();
    expect(chain.backend.blocks.getTransactionByBlockAndIndex(byNumber(sealedNumber), 2n ** 64n)).toBeNull();
    expect(chain.backend.blocks.getTransactionByBlockAndIndex({ kind: 'hash', hash: `0x${'12'.repeat(32)}` }, 0n)).toBeNull();
    expect(chain.backend.blocks.getTransactionByBlockAndIndex(byNumber(sealedNumber + 1), 0n)).toBeNull();
  });
});

describe('getBlockTransactionCount', () => {
  it('counts sealed, latest, genesis and pending blocks; null for unknown ones', () => {
    expect(chain.backend.blocks.getBlockTransactionCount(byNumber(sealedNumber))).toBe(2n);
    expect(chain.backend.blocks.getBlockTransactionCount({ kind: 'hash', hash: sealedHash })).toBe(2n);
    expect(chain.backend.blocks.getBlockTransactionCount(LATEST)).toBe(2n);
    expect(chain.backend.blocks.getBlockTransactionCount({ kind: 'tag', tag: 'earliest' })).toBe(0n);
    expect(chain.backend.blocks.getBlockTransactionCount(PENDING)).toBe(1n);
    expect(chain.backend.blocks.getBlockTransactionCount(byNumber(sealedNumber + 1))).toBeNull();
    expect(chain.backend.blocks.getBlockTransactionCount({ kind: 'hash', hash: `0x${'12'.repeat(32)}` })).toBeNull();
  });
});

describe('blobBaseFee', () => {
  it('is the minimum, 1 wei: the chain has no blob txs and its excessBlobGas stays 0', () => {
    expect(chain.backend.blocks.getBlock(LATEST, false)!.excessBlobGas).toBe('0x0');
    expect(chain.backend.fees.blobBaseFee()).toBe(1n);
  });
});
