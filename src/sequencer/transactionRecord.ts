import type { TypedTransaction } from '@ethereumjs/tx';
import type { StoredLog, StoredReceipt, StoredTransaction } from '../chain/records.js';
import type { ExecutedTransaction } from '../execution/executeTransaction.js';
import { bytesToHex, type Hex, toQuantity } from '../primitives/hex.js';

/** Where a transaction sits: its block, its index in the block, its sub-block, and its first log's index. */
export interface TransactionPosition {
  blockNumber: number;
  transactionIndex: number;
  subBlockIndex: number;
  firstLogIndex: number;
}

/** Builds the stored (RPC-shaped) transaction and receipt of an executed transaction. */
export function toStoredTransaction(executed: ExecutedTransaction, sender: string, position: TransactionPosition): StoredTransaction {
  const transaction = executed.transaction;
  const hash = bytesToHex(transaction.hash());
  const from = `0x${sender}` as Hex;
  const blockNumber = toQuantity(position.blockNumber);
  const transactionIndex = toQuantity(position.transactionIndex);
  const logs: StoredLog[] = executed.logs.map((log, offset) => ({
    address: bytesToHex(log.address),
    topics: log.topics.map(bytesToHex),
    data: bytesToHex(log.data),
    logIndex: toQuantity(position.firstLogIndex + offset),
    transactionIndex,
    transactionHash: hash,
    blockNumber,
  }));
  const receipt: StoredReceipt = {
    transactionHash: hash,
    transactionIndex,
    blockNumber,
    from,
    to: transaction.to ? bytesToHex(transaction.to.bytes) : null,
    cumulativeGasUsed: toQuantity(executed.cumulativeGasUsed),
    gasUsed: toQuantity(executed.gasUsed),
    contractAddress: executed.contractAddress ? bytesToHex(executed.contractAddress) : null,
    logs,
    logsBloom: bytesToHex(executed.bloom),
    // Before Byzantium a receipt carries the state root after the transaction instead of a status (EIP-658).
    ...(executed.stateRoot === undefined ? { status: executed.success ? '0x1' : '0x0' } : { root: bytesToHex(executed.stateRoot) }),
    effectiveGasPrice: toQuantity(executed.effectiveGasPrice),
    type: toQuantity(transaction.type),
    ...(executed.blobGasUsed === undefined ? {} : { blobGasUsed: toQuantity(executed.blobGasUsed), blobGasPrice: toQuantity(executed.blobGasPrice ?? 0n) }),
  };
  return {
    fields: transactionFields(transaction, hash, from, executed.effectiveGasPrice),
    raw: bytesToHex(transaction.serialize()),
    blockNumber: position.blockNumber,
    transactionIndex: position.transactionIndex,
    subBlockIndex: position.subBlockIndex,
    receipt,
  };
}

/**
 * The RPC fields of a transaction, as geth serves them: `gas`, `input`, `gasPrice` (the
 * effective price once executed), `yParity` for typed txs, lower-case hex throughout.
 */
export function transactionFields(transaction: TypedTransaction, hash: Hex, from: Hex, gasPrice: bigint): Record<string, unknown> {
  const json = transaction.toJSON() as Record<string, unknown>;
  const fields: Record<string, unknown> = {
    type: toQuantity(transaction.type),
    nonce: toQuantity(transaction.nonce),
    gas: toQuantity(transaction.gasLimit),
    gasPrice: toQuantity(gasPrice),
    to: transaction.to ? bytesToHex(transaction.to.bytes) : null,
    value: toQuantity(transaction.value),
    input: bytesToHex(transaction.data),
    hash,
    from,
  };
  // A legacy transaction names a chain only when it is replay-protected (EIP-155: v = chainId · 2 + 35/36).
  if (transaction.type > 0) fields.chainId = json.chainId ?? toQuantity(transaction.common.chainId());
  else if ((transaction.v ?? 0n) >= 35n) fields.chainId = toQuantity(((transaction.v ?? 0n) - 35n) / 2n);
  if (transaction.type >= 2) {
    fields.maxFeePerGas = json.maxFeePerGas;
    fields.maxPriorityFeePerGas = json.maxPriorityFeePerGas;
  }
  if (transaction.type === 3) {
    fields.maxFeePerBlobGas = json.maxFeePerBlobGas;
    fields.blobVersionedHashes = json.blobVersionedHashes ?? [];
  }
  if (transaction.type >= 1) fields.accessList = json.accessList ?? [];
  if (transaction.type === 4) fields.authorizationList = json.authorizationList ?? [];
  fields.v = toQuantity(transaction.v ?? 0n);
  fields.r = toQuantity(transaction.r ?? 0n);
  fields.s = toQuantity(transaction.s ?? 0n);
  if (transaction.type >= 1) fields.yParity = toQuantity(transaction.v ?? 0n);
  return fields;
}
