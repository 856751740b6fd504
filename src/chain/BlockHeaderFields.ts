/**
 * The fields of a block header, with the fields later forks added as optional (undefined when the header
 * does not have them), and the header's RLP encoding by geth's rule: the 15 fields every header has, then
 * the optional ones up to the last present one, where an absent field before a present one is encoded
 * empty.
 *
 *   always     parentHash uncleHash coinbase stateRoot transactionsTrie receiptTrie logsBloom difficulty
 *              number gasLimit gasUsed timestamp extraData mixHash nonce
 *   London     baseFeePerGas
 *   Shanghai   withdrawalsRoot
 *   Cancun     blobGasUsed excessBlobGas parentBeaconBlockRoot
 *   Prague     requestsHash
 */
import type { BlockHeader } from '@ethereumjs/block';
import { RLP } from '@ethereumjs/rlp';
import { bigintToBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';

/** A header's fields; the optional ones are undefined when the header does not have them. */
export interface BlockHeaderFields {
  parentHash: Uint8Array;
  uncleHash: Uint8Array;
  coinbase: Uint8Array;
  stateRoot: Uint8Array;
  transactionsTrie: Uint8Array;
  receiptTrie: Uint8Array;
  logsBloom: Uint8Array;
  difficulty: bigint;
  number: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  mixHash: Uint8Array;
  /** 8 bytes. */
  nonce: Uint8Array;
  baseFeePerGas: bigint | undefined;
  withdrawalsRoot: Uint8Array | undefined;
  blobGasUsed: bigint | undefined;
  excessBlobGas: bigint | undefined;
  parentBeaconBlockRoot: Uint8Array | undefined;
  requestsHash: Uint8Array | undefined;
}

/** keccak256(rlp([])): the uncle hash of a block without uncles. */
export const EMPTY_UNCLES_HASH = keccak256(RLP.encode([]));

/** The header's RLP list items. */
export function headerItems(header: BlockHeaderFields): Uint8Array[] {
  const items: Uint8Array[] = [
    header.parentHash,
    header.uncleHash,
    header.coinbase,
    header.stateRoot,
    header.transactionsTrie,
    header.receiptTrie,
    header.logsBloom,
    bigintToBytes(header.difficulty),
    bigintToBytes(header.number),
    bigintToBytes(header.gasLimit),
    bigintToBytes(header.gasUsed),
    bigintToBytes(header.timestamp),
    header.extraData,
    header.mixHash,
    header.nonce,
  ];
  const optional = [
    header.baseFeePerGas === undefined ? undefined : bigintToBytes(header.baseFeePerGas),
    header.withdrawalsRoot,
    header.blobGasUsed === undefined ? undefined : bigintToBytes(header.blobGasUsed),
    header.excessBlobGas === undefined ? undefined : bigintToBytes(header.excessBlobGas),
    header.parentBeaconBlockRoot,
    header.requestsHash,
  ];
  let last = optional.length - 1;
  while (last >= 0 && optional[last] === undefined) last--;
  for (let index = 0; index <= last; index++) items.push(optional[index] ?? new Uint8Array(0));
  return items;
}

/** The header's RLP encoding and its hash (the block hash). */
export function encodeHeader(header: BlockHeaderFields): { rlp: Uint8Array; hash: Uint8Array } {
  const rlp = RLP.encode(headerItems(header));
  return { rlp, hash: keccak256(rlp) };
}

/** The fields of an @ethereumjs header, each optional one present exactly when the header's fork has it. */
export function headerFieldsOf(header: BlockHeader): BlockHeaderFields {
  const rules = header.common;
  return {
    parentHash: header.parentHash,
    uncleHash: header.uncleHash,
    coinbase: header.coinbase.bytes,
    stateRoot: header.stateRoot,
    transactionsTrie: header.transactionsTrie,
    receiptTrie: header.receiptTrie,
    logsBloom: header.logsBloom,
    difficulty: header.difficulty,
    number: header.number,
    gasLimit: header.gasLimit,
    gasUsed: header.gasUsed,
    timestamp: header.timestamp,
    extraData: header.extraData,
    mixHash: header.mixHash,
    nonce: header.nonce,
    baseFeePerGas: rules.isActivatedEIP(1559) ? header.baseFeePerGas : undefined,
    withdrawalsRoot: rules.isActivatedEIP(4895) ? header.withdrawalsRoot : undefined,
    blobGasUsed: rules.isActivatedEIP(4844) ? header.blobGasUsed : undefined,
    excessBlobGas: rules.isActivatedEIP(4844) ? header.excessBlobGas : undefined,
    parentBeaconBlockRoot: rules.isActivatedEIP(4788) ? header.parentBeaconBlockRoot : undefined,
    requestsHash: rules.isActivatedEIP(7685) ? header.requestsHash : undefined,
  };
}
