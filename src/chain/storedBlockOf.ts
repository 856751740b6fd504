import { bigintToBytes, bytesToHex, type Hex, padBytes, toQuantity } from '../primitives/hex.js';
import type { BlockHeaderFields } from './BlockHeaderFields.js';
import type { StoredBlock, StoredWithdrawal } from './records.js';

/** What a block holds besides its header, as eth_getBlockBy* serves it. */
export interface StoredBlockBody {
  transactions: Hex[];
  /** Hashes of the uncle headers. */
  uncles: Hex[];
  /** From Shanghai (present exactly when the header has a withdrawals root). */
  withdrawals: StoredWithdrawal[] | undefined;
  /** Length of the block's RLP encoding. */
  size: number;
}

/**
 * The stored (RPC-shaped) block of a header and its body: every field the header has, and none it does not
 * (no base fee before London, no withdrawals before Shanghai, …), as geth serves it.
 */
export function storedBlockOf(header: BlockHeaderFields, hash: Uint8Array, body: StoredBlockBody): StoredBlock {
  const block: StoredBlock = {
    number: toQuantity(header.number),
    hash: bytesToHex(hash),
    parentHash: bytesToHex(header.parentHash),
    nonce: bytesToHex(padBytes(header.nonce, 8)),
    sha3Uncles: bytesToHex(header.uncleHash),
    logsBloom: bytesToHex(header.logsBloom),
    transactionsRoot: bytesToHex(header.transactionsTrie),
    stateRoot: bytesToHex(header.stateRoot),
    receiptsRoot: bytesToHex(header.receiptTrie),
    miner: bytesToHex(header.coinbase),
    difficulty: toQuantity(header.difficulty),
    extraData: bytesToHex(header.extraData),
    size: toQuantity(body.size),
    gasLimit: toQuantity(header.gasLimit),
    gasUsed: toQuantity(header.gasUsed),
    timestamp: toQuantity(header.timestamp),
    mixHash: bytesToHex(header.mixHash),
    uncles: body.uncles,
    transactions: body.transactions,
  };
  if (header.baseFeePerGas !== undefined) block.baseFeePerGas = toQuantity(header.baseFeePerGas);
  if (header.withdrawalsRoot !== undefined) {
    block.withdrawalsRoot = bytesToHex(header.withdrawalsRoot);
    block.withdrawals = body.withdrawals ?? [];
  }
  if (header.blobGasUsed !== undefined) block.blobGasUsed = toQuantity(header.blobGasUsed);
  if (header.excessBlobGas !== undefined) block.excessBlobGas = toQuantity(header.excessBlobGas);
  if (header.parentBeaconBlockRoot !== undefined) block.parentBeaconBlockRoot = bytesToHex(header.parentBeaconBlockRoot);
  if (header.requestsHash !== undefined) block.requestsHash = bytesToHex(header.requestsHash);
  return block;
}

/** A withdrawal's RLP items: [index, validatorIndex, address, amount]. */
export function withdrawalItems(withdrawal: StoredWithdrawal): Uint8Array[] {
  const quantity = (value: Hex) => bigintToBytes(BigInt(value));
  return [quantity(withdrawal.index), quantity(withdrawal.validatorIndex), Buffer.from(withdrawal.address.slice(2), 'hex'), quantity(withdrawal.amount)];
}
