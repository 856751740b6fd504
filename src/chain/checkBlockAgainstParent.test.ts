import { readFileSync } from 'node:fs';
import { type Block, createBlockFromBytesArray } from '@ethereumjs/block';
import { bigIntToUnpaddedBytes } from '@ethereumjs/util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChainSpecCommon } from '../config/createChainSpecCommon.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import { checkBlockAgainstParent } from './checkBlockAgainstParent.js';
import { readRlpChain } from './readRlpChain.js';

const TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);
const spec = parseGethGenesis(readFileSync(new URL('genesis.json', TESTS), 'utf8'));

/** Header list positions (geth's order). */
const DIFFICULTY = 7;
const TIMESTAMP = 11;
const BASE_FEE = 15;
const EXCESS_BLOB_GAS = 18;

const blocks: Block[] = [];
beforeAll(async () => {
  for await (const { block } of readRlpChain(new URL('chain.rlp', TESTS).pathname, spec, createChainSpecCommon(spec))) blocks.push(block);
});

const byNumber = (number: number) => blocks[number - 1]!;

/** `block` with header field `index` replaced (and, optionally, its transactions), decoded under the same fork. */
function withHeaderField(block: Block, index: number, value: Uint8Array, transactions?: Uint8Array[]): Block {
  const [header, blockTransactions, ...rest] = block.raw() as unknown as [Uint8Array[], Uint8Array[], ...unknown[]];
  const changed = [...header];
  changed[index] = value;
  return createBlockFromBytesArray([changed, transactions ?? blockTransactions, ...rest] as never, {
    common: block.common,
    skipConsensusFormatValidation: true,
  });
}

const plusOne = (value: bigint) => bigIntToUnpaddedBytes(value + 1n);

describe('checkBlockAgainstParent', () => {
  it('passes every block of the execution-apis chain (Frontier to BPO2) against its parent', () => {
    expect(blocks).toHaveLength(54);
    for (let number = 2; number <= blocks.length; number++) {
      expect(checkBlockAgainstParent(byNumber(number), byNumber(number - 1).header), `block ${number}`).toBeUndefined();
    }
  });

  it('names the field at fault under each fork: difficulty (proof of work), base fee (London), excess blob gas (Cancun), timestamp, number', () => {
    const powBlock = byNumber(2);
    expect(powBlock.header.difficulty).toBeGreaterThan(0n);
    expect(checkBlockAgainstParent(withHeaderField(powBlock, DIFFICULTY, plusOne(powBlock.header.difficulty)), byNumber(1).header)?.field).toBe('difficulty');

    const londonBlock = byNumber(30);
    expect(checkBlockAgainstParent(withHeaderField(londonBlock, BASE_FEE, plusOne(londonBlock.header.baseFeePerGas!)), byNumber(29).header)?.field).toBe(
      'baseFeePerGas',
    );

    const cancunBlock = byNumber(44);
    expect(checkBlockAgainstParent(withHeaderField(cancunBlock, EXCESS_BLOB_GAS, plusOne(cancunBlock.header.excessBlobGas!)), byNumber(43).header)?.field).toBe(
      'excessBlobGas',
    );

    const sameTime = withHeaderField(byNumber(10), TIMESTAMP, bigIntToUnpaddedBytes(byNumber(9).header.timestamp));
    expect(checkBlockAgainstParent(sameTime, byNumber(9).header)?.field).toBe('timestamp');

    expect(checkBlockAgainstParent(byNumber(5), byNumber(3).header)?.field).toBe('number');
  });

  it('refuses a body that is not the header’s: transactions root', () => {
    const number = blocks.findIndex((block, index) => index > 0 && block.transactions.length > 0) + 1;
    const block = byNumber(number);
    const [header, transactions, ...rest] = block.raw() as unknown as [Uint8Array[], Uint8Array[], ...unknown[]];
    const fewer = createBlockFromBytesArray([header, transactions.slice(1), ...rest] as never, { common: block.common, skipConsensusFormatValidation: true });
    expect(checkBlockAgainstParent(fewer, byNumber(number - 1).header)?.field).toBe('transactionsRoot');
  });
});
