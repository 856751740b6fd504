import { readFileSync } from 'node:fs';
import { createCommonFromGethGenesis } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { describe, expect, it } from 'vitest';
import { bytesToBigint } from '../primitives/hex.js';
import { forkAt } from './forkAt.js';
import { parseGethGenesis } from './parseGethGenesis.js';

const TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);
const genesisText = readFileSync(new URL('genesis.json', TESTS), 'utf8');
const spec = parseGethGenesis(genesisText);

/** (number, timestamp, difficulty) of every header in the fixture's chain.rlp. */
function chainHeaders(): Array<{ number: bigint; timestamp: bigint; difficulty: bigint }> {
  const headers = [];
  let rest: Uint8Array = readFileSync(new URL('chain.rlp', TESTS));
  while (rest.length > 0) {
    const { data, remainder } = RLP.decode(rest, true) as unknown as { data: Uint8Array[][]; remainder: Uint8Array };
    const header = data[0]!;
    headers.push({ difficulty: bytesToBigint(header[7]!), number: bytesToBigint(header[8]!), timestamp: bytesToBigint(header[11]!) });
    rest = remainder;
  }
  return headers;
}

/** A spec of the fixture's forks with a different merge. */
function withMerge(terminalTotalDifficulty: bigint | undefined, netsplitBlock: bigint | undefined) {
  return { ...spec, merge: { terminalTotalDifficulty, netsplitBlock } };
}

describe('forkAt', () => {
  it('agrees with @ethereumjs/common on every block of the execution-apis test chain', () => {
    const reference = createCommonFromGethGenesis(JSON.parse(genesisText), { chain: 'reference' });
    const headers = chainHeaders();
    expect(headers).toHaveLength(54);
    const forks = headers.map((header) => forkAt(spec, header));
    expect(forks).toEqual(headers.map(({ number, timestamp }) => reference.getHardforkBy({ blockNumber: number, timestamp })));
    // Every fork from Homestead to BPO2 runs at least one block.
    expect(new Set(forks).size).toBe(19);
  });

  it.each<[string, Parameters<typeof forkAt>[1], string]>([
    ['genesis', { number: 0n, timestamp: 0n }, 'homestead'],
    ['the block before a block fork', { number: 26n, timestamp: 260n }, 'berlin'],
    ['a block fork', { number: 27n, timestamp: 270n }, 'london'],
    ['the netsplit block, by number', { number: 36n, timestamp: 360n }, 'mergeNetsplitBlock'],
    ['a timestamp fork', { number: 42n, timestamp: 420n }, 'cancun'],
    ['between timestamp forks', { number: 49n, timestamp: 509n }, 'osaka'],
    ['the last scheduled fork, forever', { number: 10_000n, timestamp: 10n ** 12n }, 'bpo2'],
  ])('fixture chain: %s', (_case, block, fork) => {
    expect(forkAt(spec, block)).toBe(fork);
  });

  it('places the merge at the terminal total difficulty: the header difficulty decides when given', () => {
    const ttdOnly = withMerge(4732352n, undefined);
    expect(forkAt(ttdOnly, { number: 35n, timestamp: 350n, difficulty: 0n })).toBe('paris');
    expect(forkAt(ttdOnly, { number: 35n, timestamp: 350n, difficulty: 131072n })).toBe('grayGlacier');
    // Without the difficulty and without a netsplit block the merge cannot be placed by number.
    expect(forkAt(ttdOnly, { number: 37n, timestamp: 370n })).toBe('grayGlacier');
    // A timestamp fork implies the merge happened.
    expect(forkAt(ttdOnly, { number: 39n, timestamp: 390n })).toBe('shanghai');
    // Merged from genesis.
    expect(forkAt(withMerge(0n, undefined), { number: 35n, timestamp: 350n })).toBe('paris');
    // No terminal total difficulty: never merges, whatever the difficulty.
    expect(forkAt(withMerge(undefined, undefined), { number: 35n, timestamp: 350n, difficulty: 0n })).toBe('grayGlacier');
  });

  it('activates timestamp forks only once London is active (geth)', () => {
    const early = { ...spec, timestampForks: [{ fork: 'shanghai' as const, timestamp: 0n }] };
    expect(forkAt(early, { number: 20n, timestamp: 200n })).toBe('istanbul');
    expect(forkAt(early, { number: 27n, timestamp: 270n })).toBe('shanghai');
  });
});
