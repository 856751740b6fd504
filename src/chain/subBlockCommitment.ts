import { bigintToPaddedBytes, bytesToHex, type Hex, hexToBytes, toQuantity } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';

/**
 * What the sequencer signs for every sub-block (issue 26): EIP-712 typed data under the domain
 * `{ name: "Sequin", version: "1", chainId }`, so a contract can check it with `ecrecover`. It binds
 * where the sub-block is (block number, index), what came before it (the previous commitment's hash,
 * or the parent block's hash at index 0), and the open block as it stands after it: its cumulative
 * transactions and receipts roots (ordinary Ethereum tries: after the last sub-block they are the
 * sealed header's), the state root, the timestamp and base fee every receipt field depends on, the
 * transaction count, and the hash of the sub-block's transactions' first log indexes (a log's index
 * counts the whole block's logs, which no receipt carries).
 *
 * JSON-shaped (quantities and 32-byte hex), as it is stored, logged and served.
 */
export interface SubBlockCommitment {
  blockNumber: Hex;
  index: Hex;
  /** The previous commitment's hash in this block, or the parent block's hash at index 0. */
  previous: Hex;
  timestamp: Hex;
  baseFeePerGas: Hex;
  /** The block's transactions so far (the prefix the roots cover). */
  transactionCount: Hex;
  /** keccak256 of the sub-block's transactions' first log indexes, each a 4-byte big-endian number, in order. */
  firstLogIndexesHash: Hex;
  transactionsRoot: Hex;
  receiptsRoot: Hex;
  stateRoot: Hex;
}

/** A commitment with the sequencer's signature (65 bytes: r, s, v = 27 + y-parity) and its EIP-712 hash. */
export interface SignedCommitment {
  commitment: SubBlockCommitment;
  signature: Hex;
  /** The EIP-712 hash the signature signs: what the next commitment names as `previous`. */
  hash: Hex;
}

/** The EIP-712 type, as a Solidity struct would declare it (contracts/SequinEquivocation.sol does). */
export const COMMITMENT_TYPE =
  'SubBlockCommitment(uint64 blockNumber,uint32 index,bytes32 previous,uint64 timestamp,uint256 baseFeePerGas,uint64 transactionCount,bytes32 firstLogIndexesHash,bytes32 transactionsRoot,bytes32 receiptsRoot,bytes32 stateRoot)';

const encoder = new TextEncoder();
const COMMITMENT_TYPE_HASH = keccak256(encoder.encode(COMMITMENT_TYPE));
const DOMAIN_TYPE_HASH = keccak256(encoder.encode('EIP712Domain(string name,string version,uint256 chainId)'));
const NAME_HASH = keccak256(encoder.encode('Sequin'));
const VERSION_HASH = keccak256(encoder.encode('1'));

/** The fields in the order of {@link COMMITMENT_TYPE}. */
const FIELDS = [
  'blockNumber',
  'index',
  'previous',
  'timestamp',
  'baseFeePerGas',
  'transactionCount',
  'firstLogIndexesHash',
  'transactionsRoot',
  'receiptsRoot',
  'stateRoot',
] as const satisfies ReadonlyArray<keyof SubBlockCommitment>;

/** The EIP-712 hash of `commitment` on chain `chainId`: what the sequencer signs. */
export function commitmentHash(commitment: SubBlockCommitment, chainId: bigint): Uint8Array {
  const struct = new Uint8Array(32 * (FIELDS.length + 1));
  struct.set(COMMITMENT_TYPE_HASH, 0);
  for (const [i, field] of FIELDS.entries()) struct.set(word(commitment[field]), 32 * (i + 1));
  const message = new Uint8Array(66);
  message.set([0x19, 0x01], 0);
  message.set(domainSeparatorOf(chainId), 2);
  message.set(keccak256(struct), 34);
  return keccak256(message);
}

/** Domain separators already computed, by chain id (a node signs and checks on one or two chains). */
const separators = new Map<bigint, Uint8Array>();

/** {@link domainSeparator}, computed once per chain id (every commitment signed or checked hashes with it). */
function domainSeparatorOf(chainId: bigint): Uint8Array {
  let separator = separators.get(chainId);
  if (!separator) {
    if (separators.size >= 16) separators.clear();
    separator = domainSeparator(chainId);
    separators.set(chainId, separator);
  }
  return separator;
}

/** The domain separator of `{ name: "Sequin", version: "1", chainId }`. */
export function domainSeparator(chainId: bigint): Uint8Array {
  const domain = new Uint8Array(128);
  domain.set(DOMAIN_TYPE_HASH, 0);
  domain.set(NAME_HASH, 32);
  domain.set(VERSION_HASH, 64);
  domain.set(bigintToPaddedBytes(chainId, 32), 96);
  return keccak256(domain);
}

/** keccak256 of the first log indexes, each 4 bytes big-endian. */
export function firstLogIndexesHash(firstLogIndexes: readonly number[]): Hex {
  const bytes = new Uint8Array(4 * firstLogIndexes.length);
  const view = new DataView(bytes.buffer);
  for (const [i, index] of firstLogIndexes.entries()) view.setUint32(4 * i, index);
  return bytesToHex(keccak256(bytes));
}

/** The commitment's fields from binary values. */
export function commitmentOf(fields: {
  blockNumber: number;
  index: number;
  previous: Uint8Array;
  timestamp: bigint;
  baseFeePerGas: bigint;
  transactionCount: number;
  firstLogIndexes: readonly number[];
  transactionsRoot: Uint8Array;
  receiptsRoot: Uint8Array;
  stateRoot: Uint8Array;
}): SubBlockCommitment {
  return {
    blockNumber: toQuantity(fields.blockNumber),
    index: toQuantity(fields.index),
    previous: bytesToHex(fields.previous),
    timestamp: toQuantity(fields.timestamp),
    baseFeePerGas: toQuantity(fields.baseFeePerGas),
    transactionCount: toQuantity(fields.transactionCount),
    firstLogIndexesHash: firstLogIndexesHash(fields.firstLogIndexes),
    transactionsRoot: bytesToHex(fields.transactionsRoot),
    receiptsRoot: bytesToHex(fields.receiptsRoot),
    stateRoot: bytesToHex(fields.stateRoot),
  };
}

/** One 32-byte EIP-712 word: a quantity left-padded, or 32 bytes as they are. */
function word(value: Hex): Uint8Array {
  const bytes = hexToBytes(value.length === 66 ? value : `0x${value.slice(2).padStart(64, '0')}`);
  if (bytes.length !== 32) throw new Error(`commitment field ${value} is longer than 32 bytes`);
  return bytes;
}
