/**
 * Reads a geth `genesis.json` into a {@link ChainSpec}: the same fields, value formats and checks as
 * geth (its `Genesis` JSON decoding and `ChainConfig.CheckConfigForkOrder`, with geth's messages), so
 * a file geth accepts is accepted and gets the same rules. Refused as well, because Sequin cannot run
 * them: clique (proof of authority), forks after Osaka's blob-parameter forks (Amsterdam, Verkle…), and
 * `eip155Block` ≠ `eip158Block` (@ethereumjs runs Spurious Dragon as one fork).
 * Unknown keys are ignored, as geth does.
 */
import { bytesToHex, type Hex } from '../primitives/hex.js';
import { type JsonWithBigInts, parseJsonWithBigInts } from '../primitives/parseJsonWithBigInts.js';
import type { BlobForkName, BlobParameters, ChainSpec, ForkName, GenesisAccount, GenesisHeaderSpec, TimestampForkName } from './ChainSpec.js';
import { allocAddress, configInteger, describeValue, fixedHex, GethGenesisError, hexData, hexOrDecimal, storageWord } from './genesisFieldReaders.js';

type JsonObject = { [key: string]: JsonWithBigInts };

/** geth's fork sequence: config key, the fork it schedules, whether a later fork may be set while it is not. */
const BLOCK_FORKS: Array<{ key: string; fork: ForkName | 'eip158'; optional: boolean }> = [
  { key: 'homesteadBlock', fork: 'homestead', optional: false },
  { key: 'daoForkBlock', fork: 'dao', optional: true },
  { key: 'eip150Block', fork: 'tangerineWhistle', optional: false },
  { key: 'eip155Block', fork: 'spuriousDragon', optional: false },
  { key: 'eip158Block', fork: 'eip158', optional: false },
  { key: 'byzantiumBlock', fork: 'byzantium', optional: false },
  { key: 'constantinopleBlock', fork: 'constantinople', optional: false },
  { key: 'petersburgBlock', fork: 'petersburg', optional: false },
  { key: 'istanbulBlock', fork: 'istanbul', optional: false },
  { key: 'muirGlacierBlock', fork: 'muirGlacier', optional: true },
  { key: 'berlinBlock', fork: 'berlin', optional: false },
  { key: 'londonBlock', fork: 'london', optional: false },
  { key: 'arrowGlacierBlock', fork: 'arrowGlacier', optional: true },
  { key: 'grayGlacierBlock', fork: 'grayGlacier', optional: true },
  { key: 'mergeNetsplitBlock', fork: 'mergeNetsplitBlock', optional: true },
];

const TIMESTAMP_FORKS: Array<{ key: string; fork: TimestampForkName; optional: boolean }> = [
  { key: 'shanghaiTime', fork: 'shanghai', optional: false },
  { key: 'cancunTime', fork: 'cancun', optional: true },
  { key: 'pragueTime', fork: 'prague', optional: true },
  { key: 'osakaTime', fork: 'osaka', optional: true },
  { key: 'bpo1Time', fork: 'bpo1', optional: true },
  { key: 'bpo2Time', fork: 'bpo2', optional: true },
  { key: 'bpo3Time', fork: 'bpo3', optional: true },
  { key: 'bpo4Time', fork: 'bpo4', optional: true },
  { key: 'bpo5Time', fork: 'bpo5', optional: true },
];

/** Config keys of forks geth knows and Sequin cannot run. */
const UNSUPPORTED_FORKS = ['ubtTime', 'verkleTime', 'amsterdamTime', 'bogotaTime'];

const BLOB_FORKS: BlobForkName[] = ['cancun', 'prague', 'osaka', 'bpo1', 'bpo2', 'bpo3', 'bpo4', 'bpo5'];
/** The forks geth requires a blobSchedule entry for, when scheduled (Osaka reuses Prague's). */
const BLOB_FORKS_REQUIRING_ENTRY: BlobForkName[] = ['cancun', 'prague', 'bpo1', 'bpo2', 'bpo3', 'bpo4', 'bpo5'];

/** Parses the text of a geth genesis file. Throws {@link GethGenesisError} naming the field at fault. */
export function parseGethGenesis(text: string): ChainSpec {
  let document: JsonWithBigInts;
  try {
    document = parseJsonWithBigInts(text);
  } catch (error) {
    throw new GethGenesisError('', (error as Error).message);
  }
  const root = object(document, '');
  const config = object(present(root.config) ?? fail('config', 'missing (the chain configuration)'), 'config');
  return {
    chainId: chainId(config),
    ...forkSchedule(config),
    blobSchedule: blobSchedule(config),
    depositContractAddress:
      present(config.depositContractAddress) === undefined ? undefined : address(config.depositContractAddress, 'config.depositContractAddress'),
    genesis: genesisHeader(root),
    alloc: alloc(present(root.alloc) ?? fail('alloc', "missing required field 'alloc' for Genesis"), 'alloc'),
  };
}

function chainId(config: JsonObject): bigint {
  const value = configInteger(present(config.chainId) ?? fail('config.chainId', 'missing'), 'config.chainId', 256);
  if (value === 0n) fail('config.chainId', 'must not be 0');
  return value;
}

function forkSchedule(config: JsonObject): Pick<ChainSpec, 'blockForks' | 'forkIdBlocks' | 'merge' | 'timestampForks'> {
  if (present(config.clique) !== undefined) fail('config.clique', 'clique (proof of authority) chains are not supported');
  for (const key of UNSUPPORTED_FORKS)
    if (present(config[key]) !== undefined) fail(`config.${key}`, 'Sequin runs forks up to Osaka and its blob-parameter forks (bpo1–bpo5)');
  const blocks = new Map(BLOCK_FORKS.map(({ key }) => [key, optionalInteger(config, key, 64)]));
  const times = new Map(TIMESTAMP_FORKS.map(({ key }) => [key, optionalInteger(config, key, 64)]));
  checkForkOrder([
    ...BLOCK_FORKS.map(({ key, optional }) => ({ name: key, block: blocks.get(key), optional })),
    ...TIMESTAMP_FORKS.map(({ key, optional }) => ({ name: key.replace(/^(bpo\d)Time$/, '$1'), timestamp: times.get(key), optional })),
  ]);
  if (blocks.get('eip155Block') !== blocks.get('eip158Block')) {
    fail('config.eip158Block', `must equal eip155Block (${blocks.get('eip155Block')}): Sequin runs Spurious Dragon (EIP-155 and EIP-158) as one fork`);
  }
  // The DAO fork changes state only where the chain supports it (geth's daoForkSupport).
  const daoSupported = present(config.daoForkSupport) === true;
  const blockForks: ChainSpec['blockForks'] = [{ fork: 'chainstart', block: 0n }];
  for (const { key, fork } of BLOCK_FORKS) {
    const block = blocks.get(key);
    if (block === undefined || fork === 'eip158' || fork === 'mergeNetsplitBlock' || (fork === 'dao' && !daoSupported)) continue;
    blockForks.push({ fork, block });
    // geth: without petersburgBlock, Petersburg starts with Constantinople.
    if (fork === 'constantinople' && blocks.get('petersburgBlock') === undefined) blockForks.push({ fork: 'petersburg', block });
  }
  const timestampForks: ChainSpec['timestampForks'] = [];
  for (const { key, fork } of TIMESTAMP_FORKS) {
    const timestamp = times.get(key);
    if (timestamp !== undefined) timestampForks.push({ fork, timestamp });
  }
  const terminalTotalDifficulty = optionalInteger(config, 'terminalTotalDifficulty', 256);
  // geth's fork id counts every fork block of the config, whether or not the chain runs that fork.
  const forkIdBlocks = [...blocks.values()].filter((block): block is bigint => block !== undefined);
  return { blockForks, forkIdBlocks, merge: { terminalTotalDifficulty, netsplitBlock: blocks.get('mergeNetsplitBlock') }, timestampForks };
}

interface ScheduledFork {
  name: string;
  block?: bigint;
  timestamp?: bigint;
  optional: boolean;
}

/** geth's CheckConfigForkOrder: no gaps in the non-optional forks, and no fork before the one it follows. */
function checkForkOrder(forks: ScheduledFork[]): void {
  let last: ScheduledFork | undefined;
  for (const current of forks) {
    const set = current.block !== undefined || current.timestamp !== undefined;
    if (last !== undefined) {
      const lastSet = last.block !== undefined || last.timestamp !== undefined;
      if (!lastSet && set) {
        const at = current.block !== undefined ? `block ${current.block}` : `timestamp ${current.timestamp}`;
        fail(`config.${current.name}`, `unsupported fork ordering: ${last.name} not enabled, but ${current.name} enabled at ${at}`);
      }
      if (last.block !== undefined && current.block !== undefined && last.block > current.block) {
        fail(
          `config.${current.name}`,
          `unsupported fork ordering: ${last.name} enabled at block ${last.block}, but ${current.name} enabled at block ${current.block}`,
        );
      }
      if (last.timestamp !== undefined && current.timestamp !== undefined && last.timestamp > current.timestamp) {
        fail(
          `config.${current.name}`,
          `unsupported fork ordering: ${last.name} enabled at timestamp ${last.timestamp}, but ${current.name} enabled at timestamp ${current.timestamp}`,
        );
      }
    }
    if (!current.optional || set) last = current;
  }
}

function blobSchedule(config: JsonObject): ChainSpec['blobSchedule'] {
  const schedule: ChainSpec['blobSchedule'] = {};
  const entries = present(config.blobSchedule) === undefined ? {} : object(config.blobSchedule!, 'config.blobSchedule');
  for (const fork of BLOB_FORKS) {
    const entry = present(entries[fork]);
    if (entry !== undefined) schedule[fork] = blobParameters(object(entry, `config.blobSchedule.${fork}`), `config.blobSchedule.${fork}`);
  }
  for (const fork of BLOB_FORKS_REQUIRING_ENTRY) {
    if (present(config[`${fork}Time`]) !== undefined && schedule[fork] === undefined) {
      fail('config.blobSchedule', `invalid chain configuration: missing entry for fork "${fork}" in blobSchedule`);
    }
  }
  return schedule;
}

function blobParameters(entry: JsonObject, field: string): BlobParameters {
  const count = (key: string) => {
    const value = present(entry[key]);
    if (value === undefined) return 0;
    if (typeof value !== 'bigint' || value < 0n || value > 1_000_000n) fail(`${field}.${key}`, `want a count of blobs, got ${describeValue(value)}`);
    return Number(value);
  };
  const baseFeeUpdateFraction =
    present(entry.baseFeeUpdateFraction) === undefined ? 0n : configInteger(entry.baseFeeUpdateFraction, `${field}.baseFeeUpdateFraction`, 64);
  if (baseFeeUpdateFraction === 0n) fail(`${field}.baseFeeUpdateFraction`, 'update fraction must be defined and non-zero');
  return { target: count('target'), max: count('max'), baseFeeUpdateFraction };
}

function genesisHeader(root: JsonObject): GenesisHeaderSpec {
  const optional = <T>(key: string, read: (value: JsonWithBigInts, field: string) => T): T | undefined => {
    const value = present(root[key]);
    return value === undefined ? undefined : read(value, key);
  };
  const uint64 = (value: JsonWithBigInts, field: string) => hexOrDecimal(value, field, 64);
  const uint256 = (value: JsonWithBigInts, field: string) => hexOrDecimal(value, field, 256);
  const hash = (value: JsonWithBigInts, field: string) => fixedHex(value, field, 32);
  return {
    nonce: optional('nonce', uint64) ?? 0n,
    timestamp: optional('timestamp', uint64) ?? 0n,
    extraData: optional('extraData', hexData) ?? new Uint8Array(0),
    gasLimit: optional('gasLimit', uint64) ?? fail('gasLimit', "missing required field 'gasLimit' for Genesis"),
    difficulty: optional('difficulty', uint256) ?? fail('difficulty', "missing required field 'difficulty' for Genesis"),
    mixHash: optional('mixHash', hash) ?? new Uint8Array(32),
    coinbase: optional('coinbase', (value, field) => fixedHex(value, field, 20)) ?? new Uint8Array(20),
    number: optional('number', uint64) ?? 0n,
    gasUsed: optional('gasUsed', uint64) ?? 0n,
    parentHash: optional('parentHash', hash) ?? new Uint8Array(32),
    baseFeePerGas: optional('baseFeePerGas', uint256),
    excessBlobGas: optional('excessBlobGas', uint64),
    blobGasUsed: optional('blobGasUsed', uint64),
  };
}

function alloc(value: JsonWithBigInts, field: string): Map<Hex, GenesisAccount> {
  const accounts = new Map<Hex, GenesisAccount>();
  for (const [key, entry] of Object.entries(object(value, field))) {
    const address = allocAddress(key, `${field}.${key}`);
    const path = `${field}.${key}`;
    const account = object(entry, path);
    const storage = new Map<Hex, Hex>();
    const slots = present(account.storage);
    if (slots !== undefined) {
      for (const [slot, word] of Object.entries(object(slots, `${path}.storage`))) {
        const key = storageWord(slot, `${path}.storage.${slot}`);
        const storageValue = storageWord(word, `${path}.storage.${slot}`);
        // A zero value is no entry: geth's SetState with zero leaves the slot out of the trie.
        if (/^0x0+$/.test(storageValue)) continue;
        storage.set(key, storageValue);
      }
    }
    accounts.set(address, {
      balance: hexOrDecimal(present(account.balance) ?? fail(`${path}.balance`, "missing required field 'balance' for Account"), `${path}.balance`, 256),
      nonce: present(account.nonce) === undefined ? 0n : hexOrDecimal(account.nonce!, `${path}.nonce`, 64),
      code: present(account.code) === undefined ? new Uint8Array(0) : hexData(account.code, `${path}.code`),
      storage,
    });
  }
  return accounts;
}

function address(value: JsonWithBigInts | undefined, field: string): Hex {
  return bytesToHex(fixedHex(value, field, 20));
}

function optionalInteger(config: JsonObject, key: string, bits: 64 | 256): bigint | undefined {
  const value = present(config[key]);
  return value === undefined ? undefined : configInteger(value, `config.${key}`, bits);
}

/** JSON null is "not set", as for geth's pointer fields. */
function present(value: JsonWithBigInts | undefined): JsonWithBigInts | undefined {
  return value === null ? undefined : value;
}

function object(value: JsonWithBigInts, field: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(field, `want an object, got ${describeValue(value)}`);
  return value as JsonObject;
}

function fail(field: string, problem: string): never {
  throw new GethGenesisError(field, problem);
}
