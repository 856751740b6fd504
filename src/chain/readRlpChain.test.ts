import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RLP } from '@ethereumjs/rlp';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainSpecCommon } from '../config/createChainSpecCommon.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import { bytesToHex } from '../primitives/hex.js';
import { gethGenesisBlock } from './gethGenesisBlock.js';
import { type RlpChainBlock, readRlpChain } from './readRlpChain.js';

const TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);
const CHAIN = new URL('chain.rlp', TESTS).pathname;
const spec = parseGethGenesis(readFileSync(new URL('genesis.json', TESTS), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'sequin-rlp-chain-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function readAll(path: string): Promise<RlpChainBlock[]> {
  const blocks: RlpChainBlock[] = [];
  for await (const block of readRlpChain(path, spec, createChainSpecCommon(spec))) blocks.push(block);
  return blocks;
}

describe('readRlpChain', () => {
  it('reads the 54 blocks of the execution-apis chain, linked from geth’s genesis to the recorded head', async () => {
    const blocks = await readAll(CHAIN);
    expect(blocks.map(({ block }) => block.header.number)).toEqual(Array.from({ length: 54 }, (_, index) => BigInt(index + 1)));
    let parent = bytesToHex(gethGenesisBlock(spec).hash);
    for (const { block } of blocks) {
      expect(bytesToHex(block.header.parentHash), `block ${block.header.number}`).toBe(parent);
      parent = bytesToHex(block.hash());
    }
    const head = JSON.parse(readFileSync(new URL('headfcu.json', TESTS), 'utf8')) as { params: [{ headBlockHash: string }] };
    expect(parent).toBe(head.params[0].headBlockHash);
  });

  it('keeps each block’s bytes and offset, and decodes it under its own fork', async () => {
    const file = readFileSync(CHAIN);
    const blocks = await readAll(CHAIN);
    expect(Buffer.concat(blocks.map(({ rlp }) => rlp)).equals(file)).toBe(true);
    for (const { block, rlp, offset } of blocks) {
      expect(bytesToHex(block.serialize())).toBe(bytesToHex(rlp));
      expect(file.subarray(offset, offset + rlp.length).equals(rlp)).toBe(true);
    }
    const byNumber = (number: number) => blocks[number - 1]!;
    expect([1, 27, 36, 39, 42, 45, 48, 51, 54].map((number) => byNumber(number).fork)).toEqual([
      'homestead',
      'london',
      'mergeNetsplitBlock',
      'shanghai',
      'cancun',
      'prague',
      'osaka',
      'bpo1',
      'bpo2',
    ]);
    // Every transaction type, PoW uncles before the merge, withdrawals from Shanghai.
    const types = new Set(blocks.flatMap(({ block }) => block.transactions.map((transaction) => transaction.type)));
    expect([...types].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(blocks.filter(({ block }) => block.uncleHeaders.length > 0).every(({ block }) => block.header.number < 36n)).toBe(true);
    expect(blocks.some(({ block }) => block.uncleHeaders.length > 0)).toBe(true);
    expect(blocks.map(({ block }) => block.withdrawals !== undefined)).toEqual(blocks.map(({ block }) => block.header.number >= 39n));
    expect(blocks.some(({ block }) => (block.withdrawals?.length ?? 0) > 0)).toBe(true);
  });

  it('reads a gzip-compressed file', async () => {
    const path = join(scratch, 'chain.rlp.gz');
    writeFileSync(path, gzipSync(readFileSync(CHAIN)));
    expect((await readAll(path)).map(({ block }) => bytesToHex(block.hash()))).toEqual((await readAll(CHAIN)).map(({ block }) => bytesToHex(block.hash())));
  });

  it('fails on a truncated file after the blocks before it, naming the offset', async () => {
    const file = readFileSync(CHAIN);
    const blocks = await readAll(CHAIN);
    const cut = blocks[2]!.offset + 10;
    const path = join(scratch, 'truncated.rlp');
    writeFileSync(path, file.subarray(0, cut));
    const read: number[] = [];
    await expect(async () => {
      for await (const { block } of readRlpChain(path, spec, createChainSpecCommon(spec))) read.push(Number(block.header.number));
    }).rejects.toThrow(`${path}: block at byte ${blocks[2]!.offset}: truncated: 10 bytes left at the end of the file`);
    expect(read).toEqual([1, 2]);
  });

  it('fails on bytes that are not a block', async () => {
    const path = join(scratch, 'garbage.rlp');
    writeFileSync(path, Buffer.from([0x82, 0x01, 0x02]));
    await expect(readAll(path)).rejects.toThrow(`${path}: block at byte 0: not an RLP list`);
    writeFileSync(path, Buffer.from([0xc2, 0x01, 0x02]));
    await expect(readAll(path)).rejects.toThrow(`${path}: block at byte 0: not a block`);
  });

  it('fails on a block that breaks its fork’s rules (a London header without base fee)', async () => {
    const blocks = await readAll(CHAIN);
    const [header, ...body] = RLP.decode(blocks[26]!.rlp) as unknown as [Uint8Array[], ...unknown[]];
    const path = join(scratch, 'no-base-fee.rlp');
    writeFileSync(path, RLP.encode([header.slice(0, 15), ...(body as Uint8Array[])]));
    await expect(readAll(path)).rejects.toThrow(/block at byte 0: .*base ?fee/i);
  });
});
