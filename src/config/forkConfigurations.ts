/**
 * EIP-7910's description of a chain's forks (eth_config), as geth gives it: the fork in force at the
 * head, the one scheduled after it and the last one scheduled. Only forks scheduled by timestamp
 * (Shanghai on) are described; a chain still before Shanghai has no current one.
 *
 *   current  the latest timestamp fork at the head's time
 *   next     the fork right after it in the protocol's order, when scheduled (else none)
 *   last     the last fork scheduled, only when there is a next one
 *
 * Each is described at its activation time: 0 when active from genesis; the blob parameters the chain
 * runs it with; its EIP-2124 fork hash (forkIdHash.ts); the precompiles active under it, by geth's
 * names; and the system contracts it calls (EIP-4788, EIP-2935, EIP-7002, EIP-7251, and EIP-6110's
 * deposit contract, the zero address when the chain has none). Sequin's own chain (no genesis file)
 * runs one fork from genesis (`--hardfork`): every timestamp fork up to it at the genesis timestamp, no
 * block forks; before Shanghai, none.
 */
import type { Common } from '@ethereumjs/common';
import { getActivePrecompiles } from '@ethereumjs/evm';
import { bigIntToAddressBytes } from '@ethereumjs/util';
import { bytesToHex, type Hex } from '../primitives/hex.js';
import type { BlobParameters, ChainSpec, TimestampForkName } from './ChainSpec.js';
import { type ForkPoints, forkIdHash } from './forkIdHash.js';
import type { ScheduledCommon } from './ScheduledCommon.js';

/** One fork as eth_config describes it. */
export interface ForkConfiguration {
  fork: TimestampForkName;
  /** Its activation timestamp; 0 when it is active from genesis. */
  activationTime: bigint;
  /** From Cancun; undefined before. */
  blobSchedule: BlobParameters | undefined;
  /** EIP-2124's FORK_HASH once the fork is active (4 bytes). */
  forkHash: Uint8Array;
  /** Active precompiles: geth's name → address. */
  precompiles: Map<string, Hex>;
  /** System contracts the fork calls: EIP-7910's name → address. */
  systemContracts: Map<string, Hex>;
}

/** The current, next and last fork; absent ones are undefined (JSON null). */
export interface ForkConfigurations {
  current: ForkConfiguration | undefined;
  next: ForkConfiguration | undefined;
  last: ForkConfiguration | undefined;
}

/** The chain eth_config describes. */
export interface ConfiguredChain {
  /** The chain's Common: the Common of each fork comes from it. */
  common: ScheduledCommon;
  /** The geth genesis file's spec; undefined for Sequin's own chain. */
  spec: ChainSpec | undefined;
  genesis: { hash: Uint8Array; timestamp: bigint };
}

/** The timestamp forks in the protocol's order (geth's `forks.Fork` order). */
const TIMESTAMP_FORK_ORDER: readonly TimestampForkName[] = ['shanghai', 'cancun', 'prague', 'osaka', 'bpo1', 'bpo2', 'bpo3', 'bpo4', 'bpo5'];

/** geth's precompile names (`PrecompiledContract.Name()`), by address. */
const PRECOMPILE_NAMES: ReadonlyMap<bigint, string> = new Map([
  [0x01n, 'ECREC'],
  [0x02n, 'SHA256'],
  [0x03n, 'RIPEMD160'],
  [0x04n, 'ID'],
  [0x05n, 'MODEXP'],
  [0x06n, 'BN254_ADD'],
  [0x07n, 'BN254_MUL'],
  [0x08n, 'BN254_PAIRING'],
  [0x09n, 'BLAKE2F'],
  [0x0an, 'KZG_POINT_EVALUATION'],
  [0x0bn, 'BLS12_G1ADD'],
  [0x0cn, 'BLS12_G1MSM'],
  [0x0dn, 'BLS12_G2ADD'],
  [0x0en, 'BLS12_G2MSM'],
  [0x0fn, 'BLS12_PAIRING_CHECK'],
  [0x10n, 'BLS12_MAP_FP_TO_G1'],
  [0x11n, 'BLS12_MAP_FP2_TO_G2'],
  [0x100n, 'P256VERIFY'],
]);

/** EIP-4788's beacon roots contract (a constant of the EIP, not a parameter of ethereumjs). */
const BEACON_ROOTS_ADDRESS = '0x000f3df6d732807ef1319fb7b8bb8522d0beac02';
const ZERO_ADDRESS: Hex = `0x${'00'.repeat(20)}`;

/** The forks of `chain` around a head at `headTimestamp`. */
export function forkConfigurations(chain: ConfiguredChain, headTimestamp: bigint): ForkConfigurations {
  const schedule = timestampSchedule(chain);
  const points: ForkPoints = {
    blocks: chain.spec?.forkIdBlocks ?? [],
    timestamps: [...schedule.values()],
  };
  /** The latest fork in force at `time`, by the protocol's order. */
  const forkAtTime = (time: bigint) => lastOf(TIMESTAMP_FORK_ORDER, (fork) => (schedule.get(fork) ?? time + 1n) <= time);
  const describe = (fork: TimestampForkName | undefined): ForkConfiguration | undefined => {
    const time = fork === undefined ? undefined : schedule.get(fork);
    if (time === undefined) return undefined;
    const active = forkAtTime(time)!;
    const rules = chain.common.ofFork(active);
    return {
      fork: active,
      activationTime: time <= chain.genesis.timestamp ? 0n : time,
      blobSchedule: rules.isActivatedEIP(4844) ? blobParameters(rules) : undefined,
      forkHash: forkIdHash(chain.genesis, points, time),
      precompiles: precompilesOf(rules),
      systemContracts: systemContractsOf(rules, chain.spec),
    };
  };
  const current = forkAtTime(headTimestamp);
  const next = describe(TIMESTAMP_FORK_ORDER[current === undefined ? 0 : TIMESTAMP_FORK_ORDER.indexOf(current) + 1]);
  return {
    current: describe(current),
    next,
    last: next === undefined ? undefined : describe(lastOf(TIMESTAMP_FORK_ORDER, (fork) => schedule.has(fork))),
  };
}

/** Timestamp fork → its time; none before London is scheduled (geth's `IsShanghai` and later need London). */
function timestampSchedule(chain: ConfiguredChain): Map<TimestampForkName, bigint> {
  const { spec } = chain;
  // Sequin's own chain: every timestamp fork up to the one it runs (--hardfork), all at genesis.
  if (spec === undefined) {
    const upTo = TIMESTAMP_FORK_ORDER.indexOf(chain.common.latestFork as TimestampForkName);
    return new Map(TIMESTAMP_FORK_ORDER.slice(0, upTo + 1).map((fork) => [fork, chain.genesis.timestamp]));
  }
  if (!spec.blockForks.some(({ fork }) => fork === 'london')) return new Map();
  return new Map(spec.timestampForks.map(({ fork, timestamp }) => [fork, timestamp]));
}

/** The blob target, maximum and update fraction the fork runs with. */
function blobParameters(rules: Common): BlobParameters {
  const schedule = rules.getBlobGasSchedule();
  const perBlob = rules.param('blobGasPerBlob');
  return {
    target: Number(schedule.targetBlobGasPerBlock / perBlob),
    max: Number(schedule.maxBlobGasPerBlock / perBlob),
    baseFeeUpdateFraction: schedule.blobGasPriceUpdateFraction,
  };
}

function precompilesOf(rules: Common): Map<string, Hex> {
  const precompiles = new Map<string, Hex>();
  for (const address of getActivePrecompiles(rules).keys()) {
    const name = PRECOMPILE_NAMES.get(BigInt(`0x${address}`));
    if (name !== undefined) precompiles.set(name, `0x${address}`);
  }
  return precompiles;
}

function systemContractsOf(rules: Common, spec: ChainSpec | undefined): Map<string, Hex> {
  const contracts = new Map<string, Hex>();
  const parameter = (name: string) => bytesToHex(bigIntToAddressBytes(rules.param(name)));
  if (rules.isActivatedEIP(4788)) contracts.set('BEACON_ROOTS_ADDRESS', BEACON_ROOTS_ADDRESS);
  if (rules.isActivatedEIP(2935)) contracts.set('HISTORY_STORAGE_ADDRESS', parameter('historyStorageAddress'));
  if (rules.isActivatedEIP(7002)) contracts.set('WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS', parameter('withdrawalRequestPredeployAddress'));
  if (rules.isActivatedEIP(7251)) contracts.set('CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS', parameter('consolidationRequestPredeployAddress'));
  if (rules.isActivatedEIP(6110)) contracts.set('DEPOSIT_CONTRACT_ADDRESS', (spec?.depositContractAddress?.toLowerCase() as Hex | undefined) ?? ZERO_ADDRESS);
  return contracts;
}

/** The last of `items` that `matches`, or undefined. */
function lastOf<T>(items: readonly T[], matches: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) if (matches(items[index]!)) return items[index];
  return undefined;
}
