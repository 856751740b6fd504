import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChainSpecCommon } from './createChainSpecCommon.js';
import { forkAt } from './forkAt.js';
import { parseGethGenesis } from './parseGethGenesis.js';

const fixture = parseGethGenesis(readFileSync(new URL('../../test/conformance/execution-apis/tests/genesis.json', import.meta.url), 'utf8'));
const BLOB_GAS_PER_BLOB = 131_072n;

describe('createChainSpecCommon', () => {
  it('lists the forks in activation order with their blocks and timestamps', () => {
    const common = createChainSpecCommon(fixture);
    expect(common.chainId()).toBe(3503995874084926n);
    expect(common.hardfork()).toBe('chainstart');
    expect(common.hardforks().map(({ name, block, timestamp }) => `${name}@${timestamp === undefined ? block : `t${timestamp}`}`)).toEqual([
      'chainstart@0',
      'homestead@0',
      'tangerineWhistle@3',
      'spuriousDragon@6',
      'byzantium@9',
      'constantinople@12',
      'petersburg@15',
      'istanbul@18',
      'muirGlacier@21',
      'berlin@24',
      'london@27',
      'arrowGlacier@30',
      'grayGlacier@33',
      'paris@36',
      'mergeNetsplitBlock@36',
      'shanghai@t390',
      'cancun@t420',
      'prague@t450',
      'osaka@t480',
      'bpo1@t510',
      'bpo2@t540',
    ]);
  });

  it.each([
    ['cancun', 420n, 3n, 6n, 3338477n],
    ['prague', 450n, 6n, 9n, 5007716n],
    ['osaka', 480n, 6n, 9n, 5007716n],
    ['bpo1', 510n, 10n, 15n, 8346193n],
    ['bpo2', 540n, 14n, 21n, 11684671n],
  ])('applies the blob schedule of %s', (fork, timestamp, target, max, fraction) => {
    const common = createChainSpecCommon(fixture);
    common.setHardfork(forkAt(fixture, { number: 60n, timestamp }));
    expect(common.hardfork()).toBe(fork);
    expect(common.getBlobGasSchedule()).toEqual({
      targetBlobGasPerBlock: target * BLOB_GAS_PER_BLOB,
      maxBlobGasPerBlock: max * BLOB_GAS_PER_BLOB,
      blobGasPriceUpdateFraction: fraction,
    });
    expect(common.param('blobGasPriceUpdateFraction')).toBe(fraction);
  });

  it("takes a file's own blob parameters (not mainnet's), Prague's for Osaka as geth, and runs bpo3–bpo5", () => {
    const custom = {
      ...fixture,
      timestampForks: [...fixture.timestampForks, { fork: 'bpo3' as const, timestamp: 570n }],
      blobSchedule: {
        cancun: { target: 1, max: 2, baseFeeUpdateFraction: 1000n },
        prague: { target: 2, max: 4, baseFeeUpdateFraction: 2000n },
        osaka: { target: 50, max: 60, baseFeeUpdateFraction: 9n },
        bpo1: { target: 3, max: 5, baseFeeUpdateFraction: 3000n },
        bpo2: { target: 4, max: 7, baseFeeUpdateFraction: 4000n },
        bpo3: { target: 20, max: 30, baseFeeUpdateFraction: 5000n },
      },
    };
    const common = createChainSpecCommon(custom);
    const schedule = (timestamp: bigint) => {
      common.setHardfork(forkAt(custom, { number: 60n, timestamp }));
      const { targetBlobGasPerBlock, maxBlobGasPerBlock, blobGasPriceUpdateFraction } = common.getBlobGasSchedule();
      return [common.hardfork(), targetBlobGasPerBlock / BLOB_GAS_PER_BLOB, maxBlobGasPerBlock / BLOB_GAS_PER_BLOB, blobGasPriceUpdateFraction];
    };
    expect(schedule(420n)).toEqual(['cancun', 1n, 2n, 1000n]);
    expect(schedule(450n)).toEqual(['prague', 2n, 4n, 2000n]);
    expect(schedule(480n)).toEqual(['osaka', 2n, 4n, 2000n]);
    expect(schedule(510n)).toEqual(['bpo1', 3n, 5n, 3000n]);
    expect(schedule(540n)).toEqual(['bpo2', 4n, 7n, 4000n]);
    expect(schedule(570n)).toEqual(['bpo3', 20n, 30n, 5000n]);
  });

  it('activates each fork’s EIPs when its hardfork is set', () => {
    const common = createChainSpecCommon(fixture);
    common.setHardfork('berlin');
    expect([common.isActivatedEIP(2929), common.isActivatedEIP(1559)]).toEqual([true, false]);
    common.setHardfork('prague');
    expect([common.isActivatedEIP(7702), common.isActivatedEIP(7951)]).toEqual([true, false]);
    common.setHardfork('osaka');
    expect(common.isActivatedEIP(7951)).toBe(true);
  });

  it('refuses to use KZG unless one is given (blob proofs are never taken as checked)', () => {
    const common = createChainSpecCommon(fixture);
    expect(() => common.customCrypto.kzg!.verifyBlobProofBatch([], [], [])).toThrow('KZG is not available');
  });
});
