import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../primitives/hex.js';
import { createChainCommon } from './chainCommon.js';
import { commonOfChain } from './commonOfChain.js';
import { forkConfigurations } from './forkConfigurations.js';
import { forkIdHash } from './forkIdHash.js';
import { parseGethGenesis } from './parseGethGenesis.js';

const TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);
const spec = parseGethGenesis(readFileSync(new URL('genesis.json', TESTS), 'utf8'));

/** The `result` of the first recorded answer of a test file. */
function recordedResult<T>(test: string): T {
  const line = readFileSync(new URL(`${test}.io`, TESTS), 'utf8')
    .split('\n')
    .find((text) => text.startsWith('<<'))!;
  return (JSON.parse(line.slice(2)) as { result: T }).result;
}

const genesisHash = recordedResult<{ hash: string }>('eth_getBlockByNumber/get-genesis').hash;
const chain = { common: commonOfChain(spec.chainId, spec), spec, genesis: { hash: hexToBytes(genesisHash), timestamp: spec.genesis.timestamp } };

describe('forkConfigurations', () => {
  it("describes the execution-apis chain at its head (BPO2, the last fork) exactly as geth's recorded eth_config", () => {
    interface Recorded {
      current: { activationTime: number; blobSchedule: object; forkId: string; precompiles: object; systemContracts: object };
      next: null;
      last: null;
    }
    const recorded = recordedResult<Recorded>('eth_config/get-config');
    const head = recordedResult<{ timestamp: string }>('eth_getBlockByNumber/get-latest').timestamp;
    const forks = forkConfigurations(chain, BigInt(head));
    expect(forks.next).toBeUndefined();
    expect(forks.last).toBeUndefined();
    const current = forks.current!;
    expect(current.fork).toBe('bpo2');
    expect(Number(current.activationTime)).toBe(recorded.current.activationTime);
    expect({ ...current.blobSchedule, baseFeeUpdateFraction: Number(current.blobSchedule!.baseFeeUpdateFraction) }).toEqual(recorded.current.blobSchedule);
    expect(bytesToHex(current.forkHash)).toBe(recorded.current.forkId);
    expect(Object.fromEntries(current.precompiles)).toEqual(recorded.current.precompiles);
    expect(Object.fromEntries(current.systemContracts)).toEqual(recorded.current.systemContracts);
  });

  it('counts every fork block of the config in the fork hash, as geth does: an unsupported DAO fork block too', () => {
    const base = JSON.parse(readFileSync(new URL('genesis.json', TESTS), 'utf8')) as { config: object };
    const forkHashWith = (config: object) => {
      const changed = parseGethGenesis(JSON.stringify({ ...base, config: { ...base.config, ...config } }));
      const at = BigInt(recordedResult<{ timestamp: string }>('eth_getBlockByNumber/get-latest').timestamp);
      return bytesToHex(forkConfigurations({ ...chain, spec: changed, common: commonOfChain(changed.chainId, changed) }, at).current!.forkHash);
    };
    const unsupported = forkHashWith({ daoForkBlock: 2, daoForkSupport: false });
    expect(unsupported).toBe(forkHashWith({ daoForkBlock: 2, daoForkSupport: true }));
    expect(unsupported).not.toBe(forkHashWith({}));
  });

  it('at an earlier head names the fork in force, the next one and the last one, each with the fork hash of its own time', () => {
    const prague = spec.timestampForks.find(({ fork }) => fork === 'prague')!.timestamp;
    const forks = forkConfigurations(chain, prague);
    expect([forks.current?.fork, forks.next?.fork, forks.last?.fork]).toEqual(['prague', 'osaka', 'bpo2']);
    expect(forks.current!.activationTime).toBe(prague);
    expect(forks.current!.precompiles.has('P256VERIFY')).toBe(false);
    expect(forks.next!.precompiles.get('P256VERIFY')).toBe('0x0000000000000000000000000000000000000100');
    expect(forks.current!.blobSchedule).toEqual({ target: 6, max: 9, baseFeeUpdateFraction: 5007716n });
    const hashes = [forks.current!, forks.next!, forks.last!].map((fork) => bytesToHex(fork.forkHash));
    expect(new Set(hashes).size).toBe(3);
    expect(hashes[2]).toBe(recordedResult<{ current: { forkId: string } }>('eth_config/get-config').current.forkId);
  });

  it('before Shanghai has no current fork, and Shanghai next; Cancun is the first with blobs and the beacon roots contract', () => {
    const shanghai = spec.timestampForks.find(({ fork }) => fork === 'shanghai')!.timestamp;
    const before = forkConfigurations(chain, shanghai - 1n);
    expect(before.current).toBeUndefined();
    expect(before.next?.fork).toBe('shanghai');
    expect(before.next!.blobSchedule).toBeUndefined();
    expect(before.next!.systemContracts.size).toBe(0);
    const cancun = forkConfigurations(chain, shanghai).next!;
    expect(cancun.fork).toBe('cancun');
    expect([...cancun.systemContracts.keys()]).toEqual(['BEACON_ROOTS_ADDRESS']);
    expect(cancun.precompiles.get('KZG_POINT_EVALUATION')).toBe('0x000000000000000000000000000000000000000a');
  });

  it("describes Sequin's own chain (no genesis file) with --hardfork prague as Prague from genesis: activation 0, the genesis hash as fork hash, nothing next", () => {
    const genesis = { hash: new Uint8Array(32).fill(0xab), timestamp: 1_700_000_000n };
    const forks = forkConfigurations({ common: createChainCommon(31337n, 'prague'), spec: undefined, genesis }, genesis.timestamp + 1000n);
    expect(forks.current?.fork).toBe('prague');
    expect(forks.current!.activationTime).toBe(0n);
    expect(forks.current!.forkHash).toEqual(forkIdHash(genesis, { blocks: [], timestamps: [] }, 0n));
    expect(forks.current!.blobSchedule).toEqual({ target: 6, max: 9, baseFeeUpdateFraction: 5007716n });
    expect(forks.current!.systemContracts.get('DEPOSIT_CONTRACT_ADDRESS')).toBe('0x0000000000000000000000000000000000000000');
    expect([forks.next, forks.last]).toEqual([undefined, undefined]);
  });

  it("describes Sequin's own chain as Osaka by default (P256VERIFY, Prague's blob schedule) and, before Shanghai, has no current fork", () => {
    const genesis = { hash: new Uint8Array(32).fill(0xab), timestamp: 1_700_000_000n };
    const osaka = forkConfigurations({ common: createChainCommon(31337n), spec: undefined, genesis }, genesis.timestamp + 1000n);
    expect(osaka.current?.fork).toBe('osaka');
    expect(osaka.current!.activationTime).toBe(0n);
    expect(osaka.current!.precompiles.get('P256VERIFY')).toBe('0x0000000000000000000000000000000000000100');
    expect(osaka.current!.blobSchedule).toEqual({ target: 6, max: 9, baseFeeUpdateFraction: 5007716n });
    expect([osaka.next, osaka.last]).toEqual([undefined, undefined]);
    const london = forkConfigurations({ common: createChainCommon(31337n, 'london'), spec: undefined, genesis }, genesis.timestamp + 1000n);
    expect(london).toEqual({ current: undefined, next: undefined, last: undefined });
  });
});
