import { createBlockHeader } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import type { StoredBlock } from './records.js';
import { EMPTY_TRIE_ROOT } from './trieRoot.js';

const ZERO_HASH = new Uint8Array(32);
/** keccak256(rlp([])): the uncles hash of a block without uncles. */
const EMPTY_UNCLES_HASH = keccak256(RLP.encode([]));
/** sha256 of no EIP-7685 requests: this chain has no execution-layer requests. */
const EMPTY_REQUESTS_HASH = hexToBytes('0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');

/** Everything that goes into a sealed block's header. */
export interface SealedBlockInput {
  parentHash: Uint8Array;
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  baseFeePerGas: bigint;
  coinbase: Uint8Array;
  stateRoot: Uint8Array;
  transactionsRoot: Uint8Array;
  receiptsRoot: Uint8Array;
  logsBloom: Uint8Array;
  /** Raw (EIP-2718) encodings of the block's transactions, for the block size. */
  rawTransactions: Uint8Array[];
  transactionHashes: Hex[];
}

/**
 * Builds the sealed block record: a Prague header (hashed by @ethereumjs/block, so the hash is
 * exactly what any client computes from the header fields) plus the RPC fields derived from it.
 * prevRandao is derived from the parent hash: a single sequencer has no beacon randomness, and
 * determinism makes replays reproducible.
 */
export function buildSealedBlock(common: Common, input: SealedBlockInput): StoredBlock {
  const header = createBlockHeader(
    {
      parentHash: input.parentHash,
      uncleHash: EMPTY_UNCLES_HASH,
      coinbase: input.coinbase,
      stateRoot: input.stateRoot,
      transactionsTrie: input.transactionsRoot,
      receiptTrie: input.receiptsRoot,
      logsBloom: input.logsBloom,
      difficulty: 0n,
      number: input.number,
      gasLimit: input.gasLimit,
      gasUsed: input.gasUsed,
      timestamp: input.timestamp,
      extraData: new Uint8Array(0),
      mixHash: keccak256(input.parentHash),
      nonce: new Uint8Array(8),
      baseFeePerGas: input.baseFeePerGas,
      withdrawalsRoot: EMPTY_TRIE_ROOT,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
      parentBeaconBlockRoot: ZERO_HASH,
      requestsHash: EMPTY_REQUESTS_HASH,
    },
    { common, skipConsensusFormatValidation: true },
  );
  const headerRlp = header.serialize();
  return {
    number: toQuantity(input.number),
    hash: bytesToHex(header.hash()),
    parentHash: bytesToHex(input.parentHash),
    nonce: '0x0000000000000000',
    sha3Uncles: bytesToHex(EMPTY_UNCLES_HASH),
    logsBloom: bytesToHex(input.logsBloom),
    transactionsRoot: bytesToHex(input.transactionsRoot),
    stateRoot: bytesToHex(input.stateRoot),
    receiptsRoot: bytesToHex(input.receiptsRoot),
    miner: bytesToHex(input.coinbase),
    difficulty: '0x0',
    extraData: '0x',
    size: toQuantity(blockSize(headerRlp, input.rawTransactions)),
    gasLimit: toQuantity(input.gasLimit),
    gasUsed: toQuantity(input.gasUsed),
    timestamp: toQuantity(input.timestamp),
    mixHash: bytesToHex(header.mixHash),
    baseFeePerGas: toQuantity(input.baseFeePerGas),
    withdrawalsRoot: bytesToHex(EMPTY_TRIE_ROOT),
    withdrawals: [],
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: bytesToHex(ZERO_HASH),
    requestsHash: bytesToHex(EMPTY_REQUESTS_HASH),
    uncles: [],
    transactions: input.transactionHashes,
  };
}

/**
 * Length of rlp([header, transactions, uncles, withdrawals]) without building it: typed
 * transactions are byte strings inside the list, legacy ones are lists already encoded.
 */
function blockSize(headerRlp: Uint8Array, rawTransactions: Uint8Array[]): number {
  let transactionsPayload = 0;
  for (const raw of rawTransactions) transactionsPayload += raw[0]! >= 0xc0 ? raw.length : stringLength(raw.length);
  const payload = headerRlp.length + listLength(transactionsPayload) + 1 + 1;
  return listLength(payload);
}

function listLength(payload: number): number {
  return payload < 56 ? 1 + payload : 1 + byteLength(payload) + payload;
}

function stringLength(length: number): number {
  return length < 56 ? 1 + length : 1 + byteLength(length) + length;
}

function byteLength(value: number): number {
  let bytes = 0;
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes++;
  return bytes;
}
