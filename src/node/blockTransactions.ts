import type { BlockSelector } from '../primitives/blockTag.js';
import type { Hex } from '../primitives/hex.js';
import type { JsonObject, RpcBackend } from '../rpc/backend.js';

/** The two backend reads the block/index methods are built from. */
type BlockReader = Pick<RpcBackend, 'getBlock' | 'getTransactionByHash'>;

/** The hashes of a block's transactions ("pending" = the open block), or null for an unknown block. */
function transactionHashes(reader: BlockReader, block: BlockSelector): Hex[] | null {
  const found = reader.getBlock(block, false) as { transactions: Hex[] } | null;
  return found ? found.transactions : null;
}

/**
 * eth_getTransactionByBlock{Hash,Number}AndIndex: the transaction at `index` of a block, served
 * as eth_getTransactionByHash serves it; null for an unknown block or an index past its end.
 */
export function transactionAtIndex(reader: BlockReader, block: BlockSelector, index: bigint): JsonObject | null {
  const hashes = transactionHashes(reader, block);
  if (!hashes || index >= BigInt(hashes.length)) return null;
  return reader.getTransactionByHash(hashes[Number(index)]!);
}

/** eth_getBlockTransactionCountBy{Hash,Number}: the number of transactions, or null for an unknown block. */
export function transactionCount(reader: BlockReader, block: BlockSelector): bigint | null {
  const hashes = transactionHashes(reader, block);
  return hashes ? BigInt(hashes.length) : null;
}
