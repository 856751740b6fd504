/**
 * The genesis block of a {@link ChainSpec}, exactly as geth builds it from the same genesis file
 * (`Genesis.ToBlock`), so its hash is the one every block 1 of that chain points to.
 *
 * Header fields by the forks active at genesis (block `number`, `timestamp` of the file):
 *
 *   always          parentHash … nonce (15 fields); gasLimit 0 becomes 4,712,388
 *   London at 0     baseFeePerGas: the file's, else 1 gwei (geth also keeps a file's baseFeePerGas before London)
 *   Shanghai        withdrawalsRoot of no withdrawals
 *   Cancun          blobGasUsed, excessBlobGas (the file's or 0), parentBeaconBlockRoot 0x00…00
 *                   (before Cancun a file's excessBlobGas is kept, as geth does for tests)
 *   Prague          requestsHash of no requests
 *
 * Optional fields follow geth's RLP rule (BlockHeaderFields.ts).
 */
import { RLP } from '@ethereumjs/rlp';
import type { ChainSpec } from '../config/ChainSpec.js';
import { bigintToPaddedBytes } from '../primitives/hex.js';
import { type BlockHeaderFields, EMPTY_UNCLES_HASH, encodeHeader, headerItems } from './BlockHeaderFields.js';
import { genesisStateRoot } from './genesisStateRoot.js';
import { requestsHash } from './requestsHash.js';
import { EMPTY_TRIE_ROOT } from './trieRoot.js';

/** geth's `params.GenesisGasLimit`: the gas limit of a genesis file that gives 0. */
const DEFAULT_GENESIS_GAS_LIMIT = 4_712_388n;
/** geth's `params.InitialBaseFee` (EIP-1559): the base fee of a London genesis that gives none. */
const INITIAL_BASE_FEE = 1_000_000_000n;

/** A genesis header's fields (see BlockHeaderFields.ts). */
export type GethGenesisHeader = BlockHeaderFields;

/** The genesis block: its header, the header's RLP, its hash, and the RLP of the whole block. */
export interface GethGenesisBlock {
  header: GethGenesisHeader;
  headerRlp: Uint8Array;
  hash: Uint8Array;
  /** rlp([header, [], [] (, [] withdrawals from Shanghai)]). */
  blockRlp: Uint8Array;
}

/** Builds the genesis block geth builds for the same file. */
export function gethGenesisBlock(spec: ChainSpec): GethGenesisBlock {
  const { genesis } = spec;
  const fork = (name: 'london' | 'shanghai' | 'cancun' | 'prague') => isActiveAtGenesis(spec, name, name === 'london' ? 0n : genesis.number);
  const cancun = fork('cancun');
  const header: GethGenesisHeader = {
    parentHash: genesis.parentHash,
    uncleHash: EMPTY_UNCLES_HASH,
    coinbase: genesis.coinbase,
    stateRoot: genesisStateRoot(spec.alloc),
    transactionsTrie: EMPTY_TRIE_ROOT,
    receiptTrie: EMPTY_TRIE_ROOT,
    logsBloom: new Uint8Array(256),
    difficulty: genesis.difficulty,
    number: genesis.number,
    gasLimit: genesis.gasLimit === 0n ? DEFAULT_GENESIS_GAS_LIMIT : genesis.gasLimit,
    gasUsed: genesis.gasUsed,
    timestamp: genesis.timestamp,
    extraData: genesis.extraData,
    mixHash: genesis.mixHash,
    nonce: bigintToPaddedBytes(genesis.nonce, 8),
    baseFeePerGas: fork('london') ? (genesis.baseFeePerGas ?? INITIAL_BASE_FEE) : genesis.baseFeePerGas,
    withdrawalsRoot: fork('shanghai') ? EMPTY_TRIE_ROOT : undefined,
    blobGasUsed: cancun ? (genesis.blobGasUsed ?? 0n) : undefined,
    excessBlobGas: cancun ? (genesis.excessBlobGas ?? 0n) : genesis.excessBlobGas,
    parentBeaconBlockRoot: cancun ? new Uint8Array(32) : undefined,
    requestsHash: fork('prague') ? requestsHash([]) : undefined,
  };
  const items = headerItems(header);
  const { rlp: headerRlp, hash } = encodeHeader(header);
  // No transactions, no uncles, and from Shanghai an empty withdrawals list.
  const body = header.withdrawalsRoot === undefined ? [[], []] : [[], [], []];
  return { header, headerRlp, hash, blockRlp: RLP.encode([items, ...body]) };
}

/** geth's `IsLondon(0)`, `IsShanghai(number, time)`, …: the genesis's own block number and timestamp decide. */
function isActiveAtGenesis(spec: ChainSpec, fork: 'london' | 'shanghai' | 'cancun' | 'prague', number: bigint): boolean {
  const london = spec.blockForks.find((scheduled) => scheduled.fork === 'london');
  const londonAt = (block: bigint) => london !== undefined && london.block <= block;
  if (fork === 'london') return londonAt(number);
  const scheduled = spec.timestampForks.find((candidate) => candidate.fork === fork);
  return londonAt(number) && scheduled !== undefined && scheduled.timestamp <= spec.genesis.timestamp;
}
