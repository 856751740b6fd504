import { readFileSync } from 'node:fs';
import { createBlockHeaderFromRLP } from '@ethereumjs/block';
import { RLP } from '@ethereumjs/rlp';
import { describe, expect, it } from 'vitest';
import { createChainSpecCommon } from '../config/createChainSpecCommon.js';
import { forkAt } from '../config/forkAt.js';
import { parseGethGenesis } from '../config/parseGethGenesis.js';
import { bytesToHex } from '../primitives/hex.js';
import { gethGenesisBlock } from './gethGenesisBlock.js';

const CONFORMANCE = new URL('../../test/conformance/', import.meta.url);
const TESTS = new URL('execution-apis/tests/', CONFORMANCE);
const HISTORY = new URL('execution-apis-history/', CONFORMANCE);

/** The `result` of the first recorded answer of a test file. */
function recordedResult(test: string): unknown {
  const line = readFileSync(new URL(`${test}.io`, TESTS), 'utf8')
    .split('\n')
    .find((text) => text.startsWith('<<'))!;
  return (JSON.parse(line.slice(2)) as { result: unknown }).result;
}

/** Number of RLP fields in a header. */
const fieldCount = (headerRlp: Uint8Array) => (RLP.decode(headerRlp) as Uint8Array[]).length;

describe('gethGenesisBlock', () => {
  const spec = parseGethGenesis(readFileSync(new URL('genesis.json', TESTS), 'utf8'));
  const genesis = gethGenesisBlock(spec);

  it('hashes the execution-apis genesis as geth: block 1 of chain.rlp points to it, and the recorded tests expect it', () => {
    const firstBlock = RLP.decode(readFileSync(new URL('chain.rlp', TESTS)), true).data as unknown as Uint8Array[][];
    expect(bytesToHex(genesis.hash)).toBe(bytesToHex(firstBlock[0]![0]!));
    const recorded = recordedResult('eth_getBlockByNumber/get-genesis') as { hash: string; stateRoot: string; number: string };
    expect(recorded.number).toBe('0x0');
    expect(bytesToHex(genesis.hash)).toBe(recorded.hash);
    expect(bytesToHex(genesis.header.stateRoot)).toBe(recorded.stateRoot);
  });

  it('encodes the header and the block byte for byte as geth (debug_getRawHeader / debug_getRawBlock of block 0)', () => {
    expect(bytesToHex(genesis.headerRlp)).toBe(recordedResult('debug_getRawHeader/get-genesis'));
    expect(bytesToHex(genesis.blockRlp)).toBe(recordedResult('debug_getRawBlock/get-genesis'));
    // Homestead at genesis: the 15 pre-London fields only.
    expect(fieldCount(genesis.headerRlp)).toBe(15);
  });

  const history = JSON.parse(readFileSync(new URL('SOURCE.json', HISTORY), 'utf8')) as { files: Record<string, { genesisHash: string }> };
  it.each([
    ['london-genesis.json', 16, 'baseFeePerGas'],
    ['shanghai-genesis.json', 17, 'withdrawalsRoot'],
    ['cancun-genesis.json', 20, 'blob gas fields and parentBeaconBlockRoot'],
    ['prague-genesis.json', 21, 'requestsHash'],
  ])('matches geth for earlier test chains with forks at genesis: %s (%i fields, up to %s)', (file, fields) => {
    const document = JSON.parse(readFileSync(new URL(file, HISTORY), 'utf8'));
    // Current geth wants a blob schedule for Cancun; the entry does not enter the genesis block.
    document.config.blobSchedule ??= { cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477 } };
    const forkSpec = parseGethGenesis(JSON.stringify(document));
    const block = gethGenesisBlock(forkSpec);
    expect(bytesToHex(block.hash)).toBe(history.files[file]!.genesisHash);
    expect(fieldCount(block.headerRlp)).toBe(fields);
    // @ethereumjs decodes it under the genesis fork's rules to the same hash.
    const common = createChainSpecCommon(forkSpec);
    common.setHardfork(forkAt(forkSpec, { number: 0n, timestamp: forkSpec.genesis.timestamp, difficulty: forkSpec.genesis.difficulty }));
    expect(bytesToHex(createBlockHeaderFromRLP(block.headerRlp, { common }).hash())).toBe(history.files[file]!.genesisHash);
  });

  describe('header fields as geth fills them', () => {
    const base = {
      chainId: 1,
      homesteadBlock: 0,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      petersburgBlock: 0,
    };
    const postMerge = { ...base, istanbulBlock: 0, berlinBlock: 0, londonBlock: 0, terminalTotalDifficulty: 0, shanghaiTime: 0, cancunTime: 0, pragueTime: 0 };
    const blobs = { cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477 }, prague: { target: 6, max: 9, baseFeeUpdateFraction: 5007716 } };
    const build = (config: object, header: object = {}) =>
      gethGenesisBlock(parseGethGenesis(JSON.stringify({ config, gasLimit: '0x1000000', difficulty: '0x0', alloc: {}, ...header })));

    it('gives a London genesis without baseFeePerGas 1 gwei, and keeps a baseFeePerGas before London', () => {
      expect(build({ ...base, istanbulBlock: 0, berlinBlock: 0, londonBlock: 0 }).header.baseFeePerGas).toBe(1_000_000_000n);
      const early = build(base, { baseFeePerGas: '0x7' });
      expect(early.header.baseFeePerGas).toBe(7n);
      expect(fieldCount(early.headerRlp)).toBe(16);
    });

    it('takes geth’s default gas limit for 0, and the file’s blob gas at Cancun', () => {
      expect(build(base, { gasLimit: '0x0' }).header.gasLimit).toBe(4_712_388n);
      const cancun = build({ ...postMerge, pragueTime: undefined, blobSchedule: blobs }, { excessBlobGas: '0x20000', blobGasUsed: '0x0' });
      expect([cancun.header.excessBlobGas, cancun.header.blobGasUsed, bytesToHex(cancun.header.parentBeaconBlockRoot!)]).toEqual([
        131072n,
        0n,
        `0x${'00'.repeat(32)}`,
      ]);
    });

    it('has the same fields at Osaka and BPO as at Prague', () => {
      const prague = build({ ...postMerge, blobSchedule: blobs });
      const bpo = build({ ...postMerge, osakaTime: 0, bpo1Time: 0, blobSchedule: { ...blobs, bpo1: { target: 10, max: 15, baseFeeUpdateFraction: 8346193 } } });
      expect(fieldCount(bpo.headerRlp)).toBe(21);
      expect(bpo.hash).toEqual(prague.hash);
    });

    it('encodes absent optional fields before a present one as empty (excessBlobGas before Cancun)', () => {
      const block = build(base, { excessBlobGas: '0x5' });
      const fields = RLP.decode(block.headerRlp) as Uint8Array[];
      expect(fields.slice(15).map((field) => bytesToHex(field))).toEqual(['0x', '0x', '0x', '0x05']);
    });

    it('lets the timestamp decide timestamp forks at genesis', () => {
      const block = build({ ...postMerge, shanghaiTime: 10, cancunTime: 20, pragueTime: undefined, blobSchedule: blobs }, { timestamp: '0xa' });
      expect(fieldCount(block.headerRlp)).toBe(17);
    });
  });
});
