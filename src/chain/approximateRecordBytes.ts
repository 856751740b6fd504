import type { StoredBlock, StoredTransaction } from './records.js';

/**
 * What a decoded chain record roughly costs on the JavaScript heap, for the byte bounds of
 * ChainReader's recent caches. Hex text counts one byte a character (V8 keeps it one-byte); the
 * fixed parts were read off heap snapshots of the node: ~1.5 KB for a transfer's record (its
 * RPC fields and receipt: some twenty hex strings and two objects), ~0.3 KB a log without its
 * data and topics. An estimate, not an account: it only has to keep large records (contract
 * deployments, calls with big calldata or many logs) from weighing what a transfer weighs.
 */
const TRANSACTION_FIXED_BYTES = 1_500;
const LOG_FIXED_BYTES = 300;
/** A 32-byte topic as a hex string with V8's string header. */
const TOPIC_BYTES = 90;
const BLOCK_FIXED_BYTES = 2_000;
/** A transaction hash in a block's list, as a hex string with V8's string header. */
const HASH_BYTES = 90;

export function approximateTransactionBytes(record: StoredTransaction): number {
  const input = record.fields.input;
  let bytes = TRANSACTION_FIXED_BYTES + record.raw.length + (typeof input === 'string' ? input.length : 0);
  for (const log of record.receipt.logs) bytes += LOG_FIXED_BYTES + log.data.length + log.topics.length * TOPIC_BYTES;
  return bytes;
}

export function approximateBlockBytes(block: StoredBlock): number {
  return BLOCK_FIXED_BYTES + (block.transactions.length + block.uncles.length) * HASH_BYTES;
}
