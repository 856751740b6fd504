import { describe, expect, it } from 'vitest';
import type { StoredBlock } from '../chain/records.js';
import { createChainCommon } from '../config/chainCommon.js';
import { type Hex, toQuantity } from '../primitives/hex.js';
import { BlockParameters } from './BlockParameters.js';
import { openBlockAfter, restampedOpenBlock } from './openBlockAfter.js';

const ZERO32 = `0x${'00'.repeat(32)}` as Hex;
const AT_MS = 1_800_000_000_500;

function parentBlock(timestamp: bigint): StoredBlock {
  return {
    number: '0x7',
    hash: `0x${'ab'.repeat(32)}`,
    parentHash: ZERO32,
    nonce: '0x0000000000000000',
    sha3Uncles: ZERO32,
    logsBloom: `0x${'00'.repeat(256)}`,
    transactionsRoot: ZERO32,
    stateRoot: `0x${'cd'.repeat(32)}`,
    receiptsRoot: ZERO32,
    miner: `0x${'00'.repeat(20)}`,
    difficulty: '0x0',
    extraData: '0x',
    size: '0x0',
    gasLimit: toQuantity(30_000_000n),
    gasUsed: toQuantity(15_000_000n + 21_000n),
    timestamp: toQuantity(timestamp),
    mixHash: ZERO32,
    baseFeePerGas: toQuantity(1_000_000_000n),
    withdrawalsRoot: ZERO32,
    withdrawals: [],
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: ZERO32,
    requestsHash: ZERO32,
    uncles: [],
    transactions: [],
  };
}

function setUp() {
  const parameters = new BlockParameters({ gasLimit: 30_000_000n, coinbase: new Uint8Array(20), common: createChainCommon(31337n) });
  const parent = parentBlock(BigInt(Math.floor(AT_MS / 1000)) - 1n);
  return { parameters, parent, open: openBlockAfter(parent, parameters, AT_MS) };
}

describe('restampedOpenBlock', () => {
  it('stamped again within the same second: the header a fresh opening gives, opened at the new time', () => {
    const { parameters, parent, open } = setUp();
    const restamped = restampedOpenBlock(open, parent, parameters, AT_MS + 300);
    expect(restamped.header).toEqual(openBlockAfter(parent, parameters, AT_MS + 300).header);
    expect(restamped.openedAtMs).toBe(AT_MS + 300);
    expect(restamped.opening).toBe(open.opening);
    // At the very same time, the same block.
    expect(restampedOpenBlock(open, parent, parameters, AT_MS)).toBe(open);
  });

  it.each<[string, (parameters: BlockParameters) => void, number]>([
    ['a second later on the wall clock', () => {}, 1000],
    ['evm_increaseTime', (parameters) => parameters.increaseTime(60n), 0],
    ['evm_setNextBlockTimestamp', (parameters) => parameters.setNextTimestamp(BigInt(Math.floor(AT_MS / 1000)) + 500n), 0],
    ['a timestamp interval', (parameters) => parameters.setTimestampStep(12n), 0],
    ['anvil_setNextBlockBaseFeePerGas', (parameters) => parameters.setNextBaseFee(7n), 0],
    ['a new gas limit', (parameters) => (parameters.gasLimit = 40_000_000n), 0],
    ['a new coinbase', (parameters) => (parameters.coinbase = new Uint8Array(20).fill(3)), 0],
  ])('after %s: stamped afresh', (_, change, laterMs) => {
    const { parameters, parent, open } = setUp();
    change(parameters);
    const restamped = restampedOpenBlock(open, parent, parameters, AT_MS + laterMs);
    expect(restamped.header).toEqual(openBlockAfter(parent, parameters, AT_MS + laterMs).header);
    expect(restamped.header).not.toEqual(open.header);
    expect(restamped.opening).not.toBe(open.opening);
  });

  it('after another parent (a rewind, a seal): opened after that parent', () => {
    const { parameters, parent, open } = setUp();
    const other = { ...parent, hash: `0x${'ef'.repeat(32)}` as Hex };
    const restamped = restampedOpenBlock(open, other, parameters, AT_MS);
    expect(Buffer.from(restamped.parentHash).toString('hex')).toBe('ef'.repeat(32));
    expect(restamped.header).toEqual(openBlockAfter(other, parameters, AT_MS).header);
  });
});
