/**
 * A chain specification: what a geth `genesis.json` says, typed and validated (see parseGethGenesis.ts).
 *
 *   genesis.json ──parseGethGenesis──▶ ChainSpec ──forkAt(number, timestamp)──▶ rules of a block
 *                                         │
 *                                         ├──createChainSpecCommon──▶ @ethereumjs Common (config/)
 *                                         └──gethGenesisBlock──▶ genesis header, state root, hash (chain/)
 *
 * Fork names are @ethereumjs/common's `Hardfork` values, so a name can be handed to `Common.setHardfork`.
 */
import type { Hardfork } from '@ethereumjs/common';
import type { Hex } from '../primitives/hex.js';

/** A fork Sequin can run, by @ethereumjs/common's name ('chainstart' is Frontier). */
export type ForkName = (typeof Hardfork)[
  | 'Chainstart'
  | 'Homestead'
  | 'Dao'
  | 'TangerineWhistle'
  | 'SpuriousDragon'
  | 'Byzantium'
  | 'Constantinople'
  | 'Petersburg'
  | 'Istanbul'
  | 'MuirGlacier'
  | 'Berlin'
  | 'London'
  | 'ArrowGlacier'
  | 'GrayGlacier'
  | 'Paris'
  | 'MergeNetsplitBlock'
  | 'Shanghai'
  | 'Cancun'
  | 'Prague'
  | 'Osaka'
  | 'Bpo1'
  | 'Bpo2'
  | 'Bpo3'
  | 'Bpo4'
  | 'Bpo5'];

/** The forks scheduled by timestamp, in activation order. */
export type TimestampForkName = 'shanghai' | 'cancun' | 'prague' | 'osaka' | 'bpo1' | 'bpo2' | 'bpo3' | 'bpo4' | 'bpo5';

/** The forks that carry blob parameters in `config.blobSchedule`. */
export type BlobForkName = 'cancun' | 'prague' | 'osaka' | 'bpo1' | 'bpo2' | 'bpo3' | 'bpo4' | 'bpo5';

/** Blob parameters of a fork (EIP-7840's `blobSchedule` entry). */
export interface BlobParameters {
  /** Target blobs per block. */
  target: number;
  /** Maximum blobs per block. */
  max: number;
  /** Denominator of the blob base fee update (`baseFeeUpdateFraction`). */
  baseFeeUpdateFraction: bigint;
}

/** One account of the genesis state. */
export interface GenesisAccount {
  balance: bigint;
  nonce: bigint;
  /** Contract code (empty for none). */
  code: Uint8Array;
  /** Storage slot → value, both 32 bytes as 0x-prefixed lower-case hex; zero values are dropped (they are absent from state). */
  storage: Map<Hex, Hex>;
}

/** The genesis header fields a genesis file sets (absent optional ones are `undefined`). */
export interface GenesisHeaderSpec {
  nonce: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  /** 0 means geth's default (4,712,388) — see gethGenesisBlock. */
  gasLimit: bigint;
  difficulty: bigint;
  mixHash: Uint8Array;
  coinbase: Uint8Array;
  number: bigint;
  gasUsed: bigint;
  parentHash: Uint8Array;
  baseFeePerGas: bigint | undefined;
  excessBlobGas: bigint | undefined;
  blobGasUsed: bigint | undefined;
}

/** A parsed, validated geth genesis file. */
export interface ChainSpec {
  chainId: bigint;
  /**
   * Forks scheduled by block number, in activation order, starting with `chainstart` at 0. Paris is not
   * here: the merge happens at the terminal total difficulty (see {@link ChainSpec.merge}).
   */
  blockForks: Array<{ fork: ForkName; block: bigint }>;
  /**
   * Every block number the config names for a fork (`*Block` fields), as EIP-2124's fork id counts
   * them in geth: an unsupported DAO fork block and `mergeNetsplitBlock` included.
   */
  forkIdBlocks: bigint[];
  /** The merge: its total difficulty (undefined: the chain never merges) and geth's `mergeNetsplitBlock`. */
  merge: { terminalTotalDifficulty: bigint | undefined; netsplitBlock: bigint | undefined };
  /** Forks scheduled by timestamp, in activation order (they also need London to be active). */
  timestampForks: Array<{ fork: TimestampForkName; timestamp: bigint }>;
  /** `config.blobSchedule`, as written (geth ignores the `osaka` entry: Osaka keeps Prague's parameters). */
  blobSchedule: Partial<Record<BlobForkName, BlobParameters>>;
  /** EIP-6110's deposit contract, when set. */
  depositContractAddress: Hex | undefined;
  genesis: GenesisHeaderSpec;
  /** The genesis state, by 0x-prefixed lower-case address. */
  alloc: Map<Hex, GenesisAccount>;
}
