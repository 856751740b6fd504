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
}

/** Recently built execution blocks: building a header costs more than a simple call's execution. */
const recentBlocks = new Map<string, Block>();
const RECENT_BLOCKS_LIMIT = 32;

/**
 * An @ethereumjs Block carrying the environment; prevRandao = keccak(parentHash), as sealed
 * headers use. Blocks are immutable, so the same environment reuses one instance.
 */
export function toExecutionBlock(common: Common, environment: BlockEnvironment): Block {
  const key = `${common.chainId()}:${environment.number}:${environment.timestamp}:${environment.gasLimit}:${environment.baseFeePerGas}:${Buffer.from(environment.coinbase).toString('hex')}:${Buffer.from(environment.parentHash).toString('hex')}`;
  let block = recentBlocks.get(key);
  if (!block) {
    if (recentBlocks.size >= RECENT_BLOCKS_LIMIT) recentBlocks.clear();
    block = buildExecutionBlock(common, environment);
    recentBlocks.set(key, block);
  }
  return block;
}

function buildExecutionBlock(common: Common, environment: BlockEnvironment): Block {
  return createBlock(
    {
      header: {
        number: environment.number,
        timestamp: environment.timestamp,
        gasLimit: environment.gasLimit,
        baseFeePerGas: environment.baseFeePerGas,
        coinbase: environment.coinbase,
        parentHash: environment.parentHash,
        mixHash: keccak256(environment.parentHash),
        excessBlobGas: 0n,
        blobGasUsed: 0n,
      },
    },
    { common, skipConsensusFormatValidation: true },
  );
}
