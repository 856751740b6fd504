import { type BlockHeader, createBlockHeader } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { commonAt } from '../config/ScheduledCommon.js';
import { hexToBytes } from '../primitives/hex.js';
import type { StoredBlock } from './records.js';

/** The rules (Common) of a stored block's fork on `common`'s chain. */
export function rulesOfStoredBlock(common: Common, block: StoredBlock): Common {
  return commonAt(common, { number: BigInt(block.number), timestamp: BigInt(block.timestamp), difficulty: BigInt(block.difficulty) });
}

/**
 * A stored block's header as an @ethereumjs header under the block's own fork, for the rules that derive a
 * child's fields from its parent (base fee, excess blob gas, difficulty, gas limit bounds).
 */
export function headerOfStoredBlock(common: Common, block: StoredBlock): BlockHeader {
  const optional = (value: string | undefined) => (value === undefined ? {} : undefined);
  return createBlockHeader(
    {
      parentHash: hexToBytes(block.parentHash),
      uncleHash: hexToBytes(block.sha3Uncles),
      coinbase: hexToBytes(block.miner),
      stateRoot: hexToBytes(block.stateRoot),
      transactionsTrie: hexToBytes(block.transactionsRoot),
      receiptTrie: hexToBytes(block.receiptsRoot),
      logsBloom: hexToBytes(block.logsBloom),
      difficulty: BigInt(block.difficulty),
      number: BigInt(block.number),
      gasLimit: BigInt(block.gasLimit),
      gasUsed: BigInt(block.gasUsed),
      timestamp: BigInt(block.timestamp),
      extraData: hexToBytes(block.extraData),
      mixHash: hexToBytes(block.mixHash),
      nonce: hexToBytes(block.nonce),
      ...(optional(block.baseFeePerGas) ?? { baseFeePerGas: BigInt(block.baseFeePerGas!) }),
      ...(optional(block.withdrawalsRoot) ?? { withdrawalsRoot: hexToBytes(block.withdrawalsRoot!) }),
      ...(optional(block.blobGasUsed) ?? { blobGasUsed: BigInt(block.blobGasUsed!) }),
      ...(optional(block.excessBlobGas) ?? { excessBlobGas: BigInt(block.excessBlobGas!) }),
      ...(optional(block.parentBeaconBlockRoot) ?? { parentBeaconBlockRoot: hexToBytes(block.parentBeaconBlockRoot!) }),
      ...(optional(block.requestsHash) ?? { requestsHash: hexToBytes(block.requestsHash!) }),
    },
    { common: rulesOfStoredBlock(common, block), skipConsensusFormatValidation: true },
  );
}
