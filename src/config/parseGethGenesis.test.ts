import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GethGenesisError } from './genesisFieldReaders.js';
import { parseGethGenesis } from './parseGethGenesis.js';

const FIXTURE = new URL('../../test/conformance/execution-apis/tests/genesis.json', import.meta.url);

/** A small valid genesis (Frontier only); tests change one thing at a time. */
function genesis(overrides: { config?: Record<string, unknown>; [key: string]: unknown } = {}): string {
  const { config, ...rest } = overrides;
  return JSON.stringify({ config: { chainId: 1337, ...config }, gasLimit: '0x1c9c380', difficulty: '0x1', alloc: {}, ...rest });
}

/** The error parseGethGenesis throws for `text`. */
function errorOf(text: string): GethGenesisError {
  try {
    parseGethGenesis(text);
  } catch (error) {
    if (error instanceof GethGenesisError) return error;
    throw error;
  }
  throw new Error('parsed without error');
}

describe('parseGethGenesis', () => {
  it('reads the execution-apis test chain genesis', () => {
    const spec = parseGethGenesis(readFileSync(FIXTURE, 'utf8'));
    expect(spec.chainId).toBe(3503995874084926n);
    expect(spec.blockForks).toEqual([
      { fork: 'chainstart', block: 0n },
      { fork: 'homestead', block: 0n },
      { fork: 'tangerineWhistle', block: 3n },
      { fork: 'spuriousDragon', block: 6n },
      { fork: 'byzantium', block: 9n },
      { fork: 'constantinople', block: 12n },
      { fork: 'petersburg', block: 15n },
      { fork: 'istanbul', block: 18n },
      { fork: 'muirGlacier', block: 21n },
      { fork: 'berlin', block: 24n },
      { fork: 'london', block: 27n },
      { fork: 'arrowGlacier', block: 30n },
      { fork: 'grayGlacier', block: 33n },
    ]);
    expect(spec.merge).toEqual({ terminalTotalDifficulty: 4732352n, netsplitBlock: 36n });
    expect(spec.timestampForks).toEqual([
      { fork: 'shanghai', timestamp: 390n },
      { fork: 'cancun', timestamp: 420n },
      { fork: 'prague', timestamp: 450n },
      { fork: 'osaka', timestamp: 480n },
      { fork: 'bpo1', timestamp: 510n },
      { fork: 'bpo2', timestamp: 540n },
    ]);
    expect(spec.blobSchedule).toEqual({
      cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477n },
      prague: { target: 6, max: 9, baseFeeUpdateFraction: 5007716n },
      osaka: { target: 6, max: 9, baseFeeUpdateFraction: 5007716n },
      bpo1: { target: 10, max: 15, baseFeeUpdateFraction: 8346193n },
      bpo2: { target: 14, max: 21, baseFeeUpdateFraction: 11684671n },
    });
    expect(spec.depositContractAddress).toBe('0x0000000000000000000000000000000000000000');
    expect(spec.genesis).toMatchObject({ nonce: 0n, timestamp: 0n, gasLimit: 100_000_000n, difficulty: 131072n, number: 0n, baseFeePerGas: undefined });
    expect(Buffer.from(spec.genesis.extraData).toString()).toBe('hivechain');
    expect(spec.alloc.size).toBe(27);
    expect(spec.alloc.get('0x8bebc8ba651aee624937e7d897853ac30c95a067')).toEqual({
      balance: 1n,
      nonce: 1n,
      code: new Uint8Array(0),
      storage: new Map([
        ['0x0000000000000000000000000000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000000000000000000000000000001'],
        ['0x0000000000000000000000000000000000000000000000000000000000000002', '0x0000000000000000000000000000000000000000000000000000000000000002'],
        ['0x0000000000000000000000000000000000000000000000000000000000000003', '0x0000000000000000000000000000000000000000000000000000000000000003'],
      ]),
    });
  });

  it('reads numbers as geth does: JSON integers, hex or decimal strings, "" for zero, exact past 2^53', () => {
    // JSON.stringify cannot write these integers exactly: placeholders are replaced by the literals.
    const text = genesis({
      config: { chainId: 'CHAIN_ID', londonBlock: 0, ...frontierToBerlinAt0, terminalTotalDifficulty: 'TTD' },
      nonce: '0x42',
      timestamp: 1700000000,
      gasLimit: '30000000',
      difficulty: '',
      baseFeePerGas: '0x3B9ACA00',
      alloc: { '0x00000000000000000000000000000000000000AA': { balance: '1000000000000000000000000000' } },
    });
    const spec = parseGethGenesis(text.replace('"CHAIN_ID"', '9007199254740993').replace('"TTD"', '58750000000000000000000'));
    expect(spec.chainId).toBe(9007199254740993n);
    expect(spec.merge.terminalTotalDifficulty).toBe(58750000000000000000000n);
    expect(spec.genesis).toMatchObject({ nonce: 0x42n, timestamp: 1700000000n, gasLimit: 30000000n, difficulty: 0n, baseFeePerGas: 1000000000n });
    expect(spec.alloc.get('0x00000000000000000000000000000000000000aa')!.balance).toBe(10n ** 27n);
  });

  it('pads short storage words, accepts keys without 0x, and drops zero values', () => {
    const spec = parseGethGenesis(
      genesis({ alloc: { '00000000000000000000000000000000000000aa': { balance: '0x0', storage: { '0x01': '0x0102', '02': '0x00' } } } }),
    );
    expect([...spec.alloc.get('0x00000000000000000000000000000000000000aa')!.storage]).toEqual([
      ['0x0000000000000000000000000000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000000000000000000000000000102'],
    ]);
  });

  it('applies geth fork quirks: Petersburg with Constantinople when unset, the DAO fork only when supported', () => {
    const petersburg = parseGethGenesis(
      genesis({ config: { homesteadBlock: 0, eip150Block: 0, eip155Block: 0, eip158Block: 0, byzantiumBlock: 0, constantinopleBlock: 5 } }),
    );
    expect(petersburg.blockForks.slice(-2)).toEqual([
      { fork: 'constantinople', block: 5n },
      { fork: 'petersburg', block: 5n },
    ]);
    const dao = (daoForkSupport: boolean) =>
      parseGethGenesis(genesis({ config: { homesteadBlock: 0, daoForkBlock: 10, daoForkSupport } })).blockForks.map(({ fork }) => fork);
    expect(dao(true)).toEqual(['chainstart', 'homestead', 'dao']);
    expect(dao(false)).toEqual(['chainstart', 'homestead']);
  });

  it.each<[string, string, string, string]>([
    ['not JSON', '{', '', 'invalid genesis file: invalid string at offset 1 of the JSON text'],
    [
      'an integer written with an exponent (geth reads big integers exactly)',
      genesis({ config: { terminalTotalDifficulty: 5.875e22 } }),
      'config.terminalTotalDifficulty',
      'want a JSON integer, got 5.875e+22',
    ],
    ['no config', JSON.stringify({ gasLimit: '0x1', difficulty: '0x1', alloc: {} }), 'config', 'missing (the chain configuration)'],
    ['no chain id', genesis({ config: { chainId: null } }), 'config.chainId', 'missing'],
    ['a string chain id', genesis({ config: { chainId: '0x539' } }), 'config.chainId', 'want a JSON integer, got "0x539"'],
    ['no gas limit', genesis({ gasLimit: null }), 'gasLimit', "missing required field 'gasLimit' for Genesis"],
    ['no difficulty', genesis({ difficulty: undefined }), 'difficulty', "missing required field 'difficulty' for Genesis"],
    ['no alloc', genesis({ alloc: undefined }), 'alloc', "missing required field 'alloc' for Genesis"],
    ['a gas limit past 64 bits', genesis({ gasLimit: '0x10000000000000000' }), 'gasLimit', '18446744073709551616 does not fit in 64 bits'],
    ['a bad nonce', genesis({ nonce: '0xzz' }), 'nonce', 'want a hex ("0x…") or decimal integer, got "0xzz"'],
    ['a short mix hash', genesis({ mixHash: '0x00' }), 'mixHash', 'want 32 bytes of hex, got 1'],
    ['extra data without 0x', genesis({ extraData: 'abcd' }), 'extraData', 'hex string without 0x prefix'],
    ['a bad alloc address', genesis({ alloc: { '0x1234': { balance: '0x1' } } }), 'alloc.0x1234', 'not an address: "0x1234"'],
    [
      'an account without balance',
      genesis({ alloc: { '0x00000000000000000000000000000000000000aa': {} } }),
      'alloc.0x00000000000000000000000000000000000000aa.balance',
      "missing required field 'balance' for Account",
    ],
    [
      'odd code',
      genesis({ alloc: { '0x00000000000000000000000000000000000000aa': { balance: '0x1', code: '0x123' } } }),
      'alloc.0x00000000000000000000000000000000000000aa.code',
      'hex string of odd length',
    ],
    [
      'a long storage key',
      genesis({ alloc: { '0x00000000000000000000000000000000000000aa': { balance: '0x1', storage: { [`0x${'1'.repeat(66)}`]: '0x1' } } } }),
      `alloc.0x00000000000000000000000000000000000000aa.storage.0x${'1'.repeat(66)}`,
      'too many hex characters in storage key/value',
    ],
    [
      'a fork gap',
      genesis({ config: { homesteadBlock: 0, byzantiumBlock: 5 } }),
      'config.byzantiumBlock',
      'unsupported fork ordering: eip158Block not enabled, but byzantiumBlock enabled at block 5',
    ],
    [
      'forks out of order',
      genesis({ config: { ...frontierToBerlinAt0, berlinBlock: 10, londonBlock: 5 } }),
      'config.londonBlock',
      'unsupported fork ordering: berlinBlock enabled at block 10, but londonBlock enabled at block 5',
    ],
    [
      'timestamp forks out of order',
      genesis({ config: { ...londonAt0, shanghaiTime: 10, cancunTime: 5, blobSchedule: { cancun: mainnetCancunBlobs } } }),
      'config.cancunTime',
      'unsupported fork ordering: shanghaiTime enabled at timestamp 10, but cancunTime enabled at timestamp 5',
    ],
    [
      'Cancun without its blob schedule',
      genesis({ config: { ...londonAt0, shanghaiTime: 0, cancunTime: 0 } }),
      'config.blobSchedule',
      'invalid chain configuration: missing entry for fork "cancun" in blobSchedule',
    ],
    [
      'a zero update fraction',
      genesis({ config: { blobSchedule: { cancun: { target: 3, max: 6, baseFeeUpdateFraction: 0 } } } }),
      'config.blobSchedule.cancun.baseFeeUpdateFraction',
      'update fraction must be defined and non-zero',
    ],
    [
      'EIP-155 and EIP-158 apart',
      genesis({ config: { homesteadBlock: 0, eip150Block: 0, eip155Block: 1, eip158Block: 2 } }),
      'config.eip158Block',
      'must equal eip155Block (1)',
    ],
    ['clique', genesis({ config: { clique: { period: 5, epoch: 30000 } } }), 'config.clique', 'clique (proof of authority) chains are not supported'],
    ['Amsterdam', genesis({ config: { amsterdamTime: 0 } }), 'config.amsterdamTime', 'Sequin runs forks up to Osaka'],
  ])('refuses %s, naming the field', (_case, text, field, message) => {
    const error = errorOf(text);
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
    expect(error.message).toMatch(
      field === '' ? /^invalid genesis file: / : new RegExp(`^invalid genesis file: ${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `),
    );
  });

  it('ignores keys it does not know, as geth does', () => {
    expect(parseGethGenesis(genesis({ config: { ethash: {}, eip150Hash: '0x00' }, someFutureField: 1 })).chainId).toBe(1337n);
  });
});

const frontierToBerlinAt0 = {
  homesteadBlock: 0,
  eip150Block: 0,
  eip155Block: 0,
  eip158Block: 0,
  byzantiumBlock: 0,
  constantinopleBlock: 0,
  petersburgBlock: 0,
  istanbulBlock: 0,
  berlinBlock: 0,
};
const londonAt0 = { ...frontierToBerlinAt0, londonBlock: 0 };
const mainnetCancunBlobs = { target: 3, max: 6, baseFeeUpdateFraction: 3338477 };
