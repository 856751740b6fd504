import { type Block, createBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { keccak256 } from '../primitives/keccak.js';

/** The block fields execution can observe (NUMBER, TIMESTAMP, BASEFEE, COINBASE, PREVRANDAO, GASLIMIT). */
export interface BlockEnvironment {
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  baseFeePerGas: bigint;
  coinbase: Uint8Array;
  parentHash: Uint8Array;
  /** PREVRANDAO; default keccak(parentHash), as sealed headers use. Set by a block override. */
  prevRandao?: Uint8Array;
  /** BLOBBASEFEE and the blob gas price; default the one excessBlobGas 0 gives. Set by a block override. */
  blobBaseFee?: bigint;
}

/** Recently built execution blocks: building a header costs more than a simple call's execution. */
const recentBlocks = new Map<string, Block>();
const RECENT_BLOCKS_LIMIT = 32;

/**
 * An @ethereumjs Block carrying the environment; prevRandao = keccak(parentHash), as sealed
 * headers use. Blocks are immutable, so the same environment reuses one instance.
 */
export function toExecutionBlock(common: Common, environment: BlockEnvironment): Block {
  let key = `${common.chainId()}:${environment.number}:${environment.timestamp}:${environment.gasLimit}:${environment.baseFeePerGas}:${Buffer.from(environment.coinbase).toString('hex')}:${Buffer.from(environment.parentHash).toString('hex')}`;
  if (environment.prevRandao !== undefined) key += `:r${Buffer.from(environment.prevRandao).toString('hex')}`;
  if (environment.blobBaseFee !== undefined) key += `:b${environment.blobBaseFee}`;
  let block = recentBlocks.get(key);
  if (!block) {
    if (recentBlocks.size >= RECENT_BLOCKS_LIMIT) recentBlocks.clear();
    block = buildExecutionBlock(common, environment);
    recentBlocks.set(key, block);
  }
  return block;
}

function buildExecutionBlock(common: Common, environment: BlockEnvironment): Block {
  const block = createBlock(
    {
      header: {
        number: environment.number,
        timestamp: environment.timestamp,
        gasLimit: environment.gasLimit,
        baseFeePerGas: environment.baseFeePerGas,
        coinbase: environment.coinbase,
        parentHash: environment.parentHash,
        mixHash: environment.prevRandao ?? keccak256(environment.parentHash),
        excessBlobGas: 0n,
        blobGasUsed: 0n,
      },
    },
    // A header is frozen unless told otherwise; one with an overridden blob base fee gets a method of its own.
    { common, skipConsensusFormatValidation: true, freeze: environment.blobBaseFee === undefined },
  );
  const { blobBaseFee } = environment;
  // The header derives the blob gas price from excessBlobGas; an overridden one is given as it is.
  if (blobBaseFee !== undefined) block.header.getBlobGasPrice = () => blobBaseFee;
  return block;
}
