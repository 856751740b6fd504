import type { Common } from '@ethereumjs/common';
import type { Hex } from '../primitives/hex.js';
import { type BlockHeaderFields, EMPTY_UNCLES_HASH, encodeHeader } from './BlockHeaderFields.js';
import { encodeBlock } from './encodeBlock.js';
import type { StoredBlock } from './records.js';
import { storedBlockOf } from './storedBlockOf.js';
import { EMPTY_TRIE_ROOT } from './trieRoot.js';

/** Everything that goes into a block Sequin seals. */
export interface SealedBlockInput {
  /** The rules of the block's fork: they decide which header fields it has. */
  rules: Common;
  parentHash: Uint8Array;
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  coinbase: Uint8Array;
  stateRoot: Uint8Array;
  transactionsRoot: Uint8Array;
  receiptsRoot: Uint8Array;
  logsBloom: Uint8Array;
  /** 0 from the merge on; the canonical ethash difficulty before it (no seal: Sequin does not mine). */
  difficulty: bigint;
  /** PREVRANDAO from the merge on (Sequin's: keccak256(parentHash)); zero before it. */
  mixHash: Uint8Array;
  /** From London. */
  baseFeePerGas: bigint;
  /** From Cancun. */
  excessBlobGas: bigint;
  blobGasUsed: bigint;
  parentBeaconBlockRoot: Uint8Array;
  /** From Prague: the EIP-7685 hash of the block's requests. */
  requestsHash: Uint8Array | undefined;
  /** Raw (EIP-2718) encodings of the block's transactions, in order. */
  rawTransactions: Uint8Array[];
  transactionHashes: Hex[];
}

/** A sealed block: its record (RPC shape) and its exact RLP encoding. */
export interface SealedBlock {
  block: StoredBlock;
  rlp: Uint8Array;
}

/**
 * Builds a block Sequin seals: the header with exactly the fields of the block's fork (base fee from
 * London, withdrawals root and an empty withdrawals list from Shanghai, blob gas fields and the parent
 * beacon root from Cancun, the requests hash from Prague), no uncles, empty extra data, nonce 0. The hash is
 * keccak256 of the header's RLP, what any client computes from the same fields.
 */
export function buildSealedBlock(input: SealedBlockInput): SealedBlock {
  const { rules } = input;
  const shanghai = rules.isActivatedEIP(4895);
  const cancun = rules.isActivatedEIP(4844);
  const header: BlockHeaderFields = {
    parentHash: input.parentHash,
    uncleHash: EMPTY_UNCLES_HASH,
    coinbase: input.coinbase,
    stateRoot: input.stateRoot,
    transactionsTrie: input.transactionsRoot,
    receiptTrie: input.receiptsRoot,
    logsBloom: input.logsBloom,
    difficulty: input.difficulty,
    number: input.number,
    gasLimit: input.gasLimit,
    gasUsed: input.gasUsed,
    timestamp: input.timestamp,
    extraData: new Uint8Array(0),
    mixHash: input.mixHash,
    nonce: new Uint8Array(8),
    baseFeePerGas: rules.isActivatedEIP(1559) ? input.baseFeePerGas : undefined,
    withdrawalsRoot: shanghai ? EMPTY_TRIE_ROOT : undefined,
    blobGasUsed: cancun ? input.blobGasUsed : undefined,
    excessBlobGas: cancun ? input.excessBlobGas : undefined,
    parentBeaconBlockRoot: rules.isActivatedEIP(4788) ? input.parentBeaconBlockRoot : undefined,
    requestsHash: rules.isActivatedEIP(7685) ? input.requestsHash : undefined,
  };
  const { rlp: headerRlp, hash } = encodeHeader(header);
  const rlp = encodeBlock(headerRlp, input.rawTransactions, [], shanghai ? [] : undefined);
  const block = storedBlockOf(header, hash, { transactions: input.transactionHashes, uncles: [], withdrawals: shanghai ? [] : undefined, size: rlp.length });
  return { block, rlp };
}
