import { RLP } from '@ethereumjs/rlp';
import { bigintToBytes, type Hex, hexToBytes } from '../primitives/hex.js';
import { encodeReceipt } from './receiptEncoding.js';
import type { StoredBlock, StoredReceipt } from './records.js';

/**
 * The consensus (RLP) encodings of stored records, as debug_getRawHeader, debug_getRawBlock and
 * debug_getRawReceipts answer them: re-encoded from the records' fields, so keccak256 of a
 * header's encoding is the block's hash. A header has the fields its record has, in the order of
 * the Yellow Paper and the EIPs that added them (fields of later forks are absent before them).
 */

/** The header fields of a stored block; those of forks after the block's are absent (imported chains). */
type HeaderRecord = Pick<
  StoredBlock,
  | 'parentHash'
  | 'sha3Uncles'
  | 'miner'
  | 'stateRoot'
  | 'transactionsRoot'
  | 'receiptsRoot'
  | 'logsBloom'
  | 'difficulty'
  | 'number'
  | 'gasLimit'
  | 'gasUsed'
  | 'timestamp'
  | 'extraData'
  | 'mixHash'
  | 'nonce'
> & {
  baseFeePerGas?: Hex | undefined;
  withdrawalsRoot?: Hex | undefined;
  blobGasUsed?: Hex | undefined;
  excessBlobGas?: Hex | undefined;
  parentBeaconBlockRoot?: Hex | undefined;
  requestsHash?: Hex | undefined;
};
/** Before Byzantium (EIP-658) a receipt holds the state root after its transaction instead of a status. */
type ReceiptRecord = Omit<StoredReceipt, 'status'> & { status?: Hex | undefined; root?: Hex | undefined };

const quantity = (value: Hex) => bigintToBytes(BigInt(value));

/** The header's RLP. */
export function storedHeaderRlp(block: HeaderRecord): Uint8Array {
  const fields: Uint8Array[] = [
    hexToBytes(block.parentHash),
    hexToBytes(block.sha3Uncles),
    hexToBytes(block.miner),
    hexToBytes(block.stateRoot),
    hexToBytes(block.transactionsRoot),
    hexToBytes(block.receiptsRoot),
    hexToBytes(block.logsBloom),
    quantity(block.difficulty),
    quantity(block.number),
    quantity(block.gasLimit),
    quantity(block.gasUsed),
    quantity(block.timestamp),
    hexToBytes(block.extraData),
    hexToBytes(block.mixHash),
    hexToBytes(block.nonce),
  ];
  // Each later field exists only from its fork on, and only after the ones before it.
  const later: Array<[Hex | undefined, (value: Hex) => Uint8Array]> = [
    [block.baseFeePerGas, quantity],
    [block.withdrawalsRoot, hexToBytes],
    [block.blobGasUsed, quantity],
    [block.excessBlobGas, quantity],
    [block.parentBeaconBlockRoot, hexToBytes],
    [block.requestsHash, hexToBytes],
  ];
  for (const [value, encode] of later) {
    if (value === undefined) break;
    fields.push(encode(value));
  }
  return RLP.encode(fields);
}

/**
 * The block's RLP: [header, transactions, uncles, withdrawals (from Shanghai)]. A typed
 * transaction goes in as the byte string of its EIP-2718 encoding, a legacy one as its list.
 * `uncleHeaders` are the RLP encodings of the uncles' headers.
 */
export function storedBlockRlp(
  block: HeaderRecord & { withdrawals?: readonly StoredWithdrawalFields[] | undefined },
  rawTransactions: readonly Uint8Array[],
  uncleHeaders: readonly Uint8Array[] = [],
): Uint8Array {
  const parts: unknown[] = [
    RLP.decode(storedHeaderRlp(block)),
    rawTransactions.map((raw) => (raw[0]! >= 0xc0 ? RLP.decode(raw) : raw)),
    uncleHeaders.map((header) => RLP.decode(header)),
  ];
  if (block.withdrawalsRoot !== undefined) {
    const withdrawals: readonly StoredWithdrawalFields[] = block.withdrawals ?? [];
    parts.push(
      withdrawals.map((withdrawal) => [
        quantity(withdrawal.index),
        quantity(withdrawal.validatorIndex),
        hexToBytes(withdrawal.address),
        quantity(withdrawal.amount),
      ]),
    );
  }
  return RLP.encode(parts as never);
}

/** A withdrawal's fields as a block serves them. */
export interface StoredWithdrawalFields {
  index: Hex;
  validatorIndex: Hex;
  address: Hex;
  amount: Hex;
}

/**
 * The receipt's consensus encoding from its record (chain/receiptEncoding.ts, the one encoder):
 * rlp([status or root, cumulative gas, bloom, logs]) (an OP Stack deposit's with its deposit nonce and
 * receipt version), typed ones prefixed with their type.
 */
export function storedReceiptRlp(receipt: ReceiptRecord): Uint8Array {
  return encodeReceipt({
    type: Number(receipt.type),
    success: receipt.status === '0x1',
    ...(receipt.root === undefined ? {} : { stateRoot: hexToBytes(receipt.root) }),
    cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
    bloom: hexToBytes(receipt.logsBloom),
    logs: receipt.logs.map((log) => ({ address: hexToBytes(log.address), topics: log.topics.map((topic) => hexToBytes(topic)), data: hexToBytes(log.data) })),
    ...(receipt.depositNonce === undefined ? {} : { depositNonce: BigInt(receipt.depositNonce) }),
    ...(receipt.depositReceiptVersion === undefined ? {} : { depositReceiptVersion: BigInt(receipt.depositReceiptVersion) }),
  });
}
