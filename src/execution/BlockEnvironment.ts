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

/** An @ethereumjs Block carrying the environment; prevRandao = keccak(parentHash), as sealed headers use. */
export function toExecutionBlock(common: Common, environment: BlockEnvironment): Block {
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
