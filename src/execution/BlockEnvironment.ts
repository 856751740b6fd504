import { type Block, createBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { commonAt } from '../config/ScheduledCommon.js';
import { keccak256 } from '../primitives/keccak.js';

/**
 * The block fields execution can observe (NUMBER, TIMESTAMP, BASEFEE, COINBASE, GASLIMIT, PREVRANDAO or
 * DIFFICULTY, BLOBBASEFEE), and that decide which fork's rules apply (number, timestamp, difficulty).
 */
export interface BlockEnvironment {
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  /** Ignored before London (the block has no base fee). */
  baseFeePerGas: bigint;
  coinbase: Uint8Array;
  parentHash: Uint8Array;
  /** The header's difficulty (DIFFICULTY before the merge; 0 after it, which also places the merge). Default 0. */
  difficulty?: bigint;
  /** The header's mixHash (PREVRANDAO after the merge). Default keccak256(parentHash), as Sequin seals. */
  prevRandao?: Uint8Array;
  /** The header's excessBlobGas (the blob base fee), from Cancun. Default 0. */
  excessBlobGas?: bigint;
  /** The header's parent beacon block root (EIP-4788, from Cancun): what the block stores before its transactions. Default zero. */
  parentBeaconBlockRoot?: Uint8Array;
  /** BLOBBASEFEE and the blob gas price; default the one the header's excessBlobGas gives. Set by a block override. */
  blobBaseFee?: bigint;
}

/** Recently built execution blocks: building a header costs more than a simple call's execution. */
const recentBlocks = new Map<string, Block>();
const RECENT_BLOCKS_LIMIT = 32;

/**
 * An @ethereumjs Block carrying the environment, under the rules of the fork its number and timestamp
 * select on `common`'s chain (see ScheduledCommon.ts): only the header fields that fork has. Blocks are
 * immutable, so the same environment reuses one instance.
 */
export function toExecutionBlock(common: Common, environment: BlockEnvironment): Block {
  const rules = commonAt(common, environment);
  const key = [
    common.chainId(),
    rules.hardfork(),
    environment.number,
    environment.timestamp,
    environment.gasLimit,
    environment.baseFeePerGas,
    environment.difficulty ?? 0n,
    environment.excessBlobGas ?? 0n,
    Buffer.from(environment.coinbase).toString('hex'),
    Buffer.from(environment.parentHash).toString('hex'),
    environment.prevRandao === undefined ? '' : Buffer.from(environment.prevRandao).toString('hex'),
    environment.blobBaseFee ?? '',
    environment.parentBeaconBlockRoot === undefined ? '' : Buffer.from(environment.parentBeaconBlockRoot).toString('hex'),
  ].join(':');
  let block = recentBlocks.get(key);
  if (!block) {
    if (recentBlocks.size >= RECENT_BLOCKS_LIMIT) recentBlocks.clear();
    block = buildExecutionBlock(rules, environment);
    recentBlocks.set(key, block);
  }
  return block;
}

function buildExecutionBlock(rules: Common, environment: BlockEnvironment): Block {
  const london = rules.isActivatedEIP(1559);
  const cancun = rules.isActivatedEIP(4844);
  const beaconRoot = rules.isActivatedEIP(4788);
  const block = createBlock(
    {
      header: {
        number: environment.number,
        timestamp: environment.timestamp,
        gasLimit: environment.gasLimit,
        coinbase: environment.coinbase,
        parentHash: environment.parentHash,
        difficulty: environment.difficulty ?? 0n,
        mixHash: environment.prevRandao ?? keccak256(environment.parentHash),
        ...(london ? { baseFeePerGas: environment.baseFeePerGas } : {}),
        ...(cancun ? { excessBlobGas: environment.excessBlobGas ?? 0n, blobGasUsed: 0n } : {}),
        // Read by the block start's EIP-4788 system call (BlockRun), not by the EVM.
        ...(beaconRoot ? { parentBeaconBlockRoot: environment.parentBeaconBlockRoot ?? new Uint8Array(32) } : {}),
      },
    },
    // A header is frozen unless told otherwise; one with an overridden blob base fee gets a method of its own.
    { common: rules, skipConsensusFormatValidation: true, freeze: environment.blobBaseFee === undefined },
  );
  const { blobBaseFee } = environment;
  // The header derives the blob gas price from excessBlobGas; an overridden one is given as it is.
  if (blobBaseFee !== undefined) block.header.getBlobGasPrice = () => blobBaseFee;
  return block;
}
