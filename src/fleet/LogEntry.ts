/**
 * What the sequencer's log on JetStream carries, and its encoding. One message is either a group
 * of accepted transactions (group commit: every tx accepted while the previous message was in
 * flight), a group of dropped ones, or exactly one commit of the producer (a sub-block, a seal, or
 * both; or a durable sub-block's signed commitment, made after it), so a follower's position (the
 * last message it applied) is always a chain position.
 *
 * JSON, with bytes as hex and bigints as quantities: the entries are already mostly RPC-shaped
 * records, and a human can read a message with `nats stream get`.
 */
import { type Account, createAccountFromRLP } from '@ethereumjs/util';
import type { StoredSubBlock, StoredTransaction } from '../chain/records.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import type { StateChanges } from '../execution/StateChanges.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../primitives/hex.js';
import type { LoggedOpenBlockHeader } from '../sequencer/OpenBlock.js';
import type { LoggedCommit } from '../sequencer/SequencerLog.js';

/** One message of the log. */
export type LogEntry =
  | { kind: 'transactions'; raws: Uint8Array[] }
  /** Pooled txs the sequencer dropped (on request, or because none of a sub-block's picks executed). */
  | { kind: 'dropped'; hashes: Hex[] }
  | { kind: 'commit'; commit: LoggedCommit };

interface EncodedChanges {
  accounts: Array<[string, Hex | null]>;
  storage: Array<[string, Array<[string, Hex]>]>;
  code: Array<[string, Hex]>;
}

interface EncodedSubBlock {
  open: EncodedHeader;
  subBlock: StoredSubBlock;
  sealInputs: Array<{ hash: Hex; raw: Hex; receipt: Hex }>;
  records: readonly StoredTransaction[];
  changes: EncodedChanges;
  gasUsed: Hex;
  logCount: number;
  bloom: Hex;
  dropped?: Hex[];
  /** The sequencer's signed commitment: replicas serve the very one it signed. */
  commitment?: SignedCommitment;
}

interface EncodedSeal {
  open: EncodedHeader;
  hash: Hex;
  nextOpensAtMs: number;
}

type EncodedEntry =
  | { kind: 'transactions'; raws: Hex[] }
  | { kind: 'dropped'; hashes: Hex[] }
  | { kind: 'commit'; subBlock?: EncodedSubBlock; seal?: EncodedSeal; commitment?: SignedCommitment };

interface EncodedHeader {
  number: number;
  timestamp: Hex;
  baseFeePerGas: Hex;
  gasLimit: Hex;
  coinbase: Hex;
  parentHash: Hex;
  parentStateRoot: Hex;
  openedAtMs: number;
  notBeforeMs: number;
  spends: { timestamp?: Hex; baseFeePerGas?: Hex };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The bytes of a log message. */
export function encodeLogEntry(entry: LogEntry): Uint8Array {
  return encoder.encode(JSON.stringify(toEncoded(entry)));
}

/** The entry of a log message's bytes. */
export function decodeLogEntry(bytes: Uint8Array): LogEntry {
  return fromEncoded(JSON.parse(decoder.decode(bytes)) as EncodedEntry);
}

function toEncoded(entry: LogEntry): EncodedEntry {
  if (entry.kind === 'transactions') return { kind: 'transactions', raws: entry.raws.map(bytesToHex) };
  if (entry.kind === 'dropped') return entry;
  const { subBlock, seal, commitment } = entry.commit;
  const encoded: EncodedEntry = { kind: 'commit' };
  if (commitment) encoded.commitment = commitment;
  if (subBlock) {
    const { contents, open, dropped } = subBlock;
    encoded.subBlock = {
      open: encodeHeader(open),
      subBlock: contents.subBlock,
      sealInputs: contents.sealInputs.map((input) => ({ hash: input.hash, raw: bytesToHex(input.raw), receipt: bytesToHex(input.receipt) })),
      records: contents.records,
      changes: encodeChanges(contents.changes),
      gasUsed: toQuantity(contents.gasUsed),
      logCount: contents.logCount,
      bloom: bytesToHex(contents.bloom),
      ...(dropped.length > 0 ? { dropped: [...dropped] } : {}),
      ...(contents.commitment ? { commitment: contents.commitment } : {}),
    };
  }
  if (seal) encoded.seal = { open: encodeHeader(seal.open), hash: seal.hash, nextOpensAtMs: seal.nextOpensAtMs };
  return encoded;
}

function fromEncoded(encoded: EncodedEntry): LogEntry {
  if (encoded.kind === 'transactions') return { kind: 'transactions', raws: encoded.raws.map(hexToBytes) };
  if (encoded.kind === 'dropped') return encoded;
  const commit: LoggedCommit = {};
  if (encoded.commitment) commit.commitment = encoded.commitment;
  if (encoded.subBlock) {
    const subBlock = encoded.subBlock;
    commit.subBlock = {
      open: decodeHeader(subBlock.open),
      dropped: subBlock.dropped ?? [],
      contents: {
        subBlock: subBlock.subBlock,
        sealInputs: subBlock.sealInputs.map((input) => ({ hash: input.hash, raw: hexToBytes(input.raw), receipt: hexToBytes(input.receipt) })),
        records: subBlock.records,
        changes: decodeChanges(subBlock.changes),
        gasUsed: BigInt(subBlock.gasUsed),
        logCount: subBlock.logCount,
        bloom: hexToBytes(subBlock.bloom),
        ...(subBlock.commitment ? { commitment: subBlock.commitment } : {}),
      },
    };
  }
  if (encoded.seal) commit.seal = { open: decodeHeader(encoded.seal.open), hash: encoded.seal.hash, nextOpensAtMs: encoded.seal.nextOpensAtMs };
  return { kind: 'commit', commit };
}

function encodeChanges(changes: StateChanges): EncodedChanges {
  return {
    accounts: [...changes.accounts].map(([address, account]) => [address, account === null ? null : bytesToHex(account.serialize())]),
    storage: [...changes.storage].map(([address, slots]) => [address, [...slots].map(([slot, value]): [string, Hex] => [slot, bytesToHex(value)])]),
    code: [...changes.code].map(([hash, code]) => [hash, bytesToHex(code)]),
  };
}

function decodeChanges(encoded: EncodedChanges): StateChanges {
  return {
    accounts: new Map<string, Account | null>(encoded.accounts.map(([address, rlp]) => [address, rlp === null ? null : createAccountFromRLP(hexToBytes(rlp))])),
    storage: new Map(encoded.storage.map(([address, slots]) => [address, new Map(slots.map(([slot, value]) => [slot, hexToBytes(value)]))])),
    code: new Map(encoded.code.map(([hash, code]) => [hash, hexToBytes(code)])),
  };
}

function encodeHeader(open: LoggedOpenBlockHeader): EncodedHeader {
  const spends: EncodedHeader['spends'] = {};
  if (open.spends.timestamp !== undefined) spends.timestamp = toQuantity(open.spends.timestamp);
  if (open.spends.baseFeePerGas !== undefined) spends.baseFeePerGas = toQuantity(open.spends.baseFeePerGas);
  return {
    number: open.number,
    timestamp: toQuantity(open.timestamp),
    baseFeePerGas: toQuantity(open.baseFeePerGas),
    gasLimit: toQuantity(open.gasLimit),
    coinbase: bytesToHex(open.coinbase),
    parentHash: bytesToHex(open.parentHash),
    parentStateRoot: bytesToHex(open.parentStateRoot),
    openedAtMs: open.openedAtMs,
    notBeforeMs: open.notBeforeMs,
    spends,
  };
}

function decodeHeader(encoded: EncodedHeader): LoggedOpenBlockHeader {
  const spends: LoggedOpenBlockHeader['spends'] = {};
  if (encoded.spends.timestamp !== undefined) spends.timestamp = BigInt(encoded.spends.timestamp);
  if (encoded.spends.baseFeePerGas !== undefined) spends.baseFeePerGas = BigInt(encoded.spends.baseFeePerGas);
  return {
    number: encoded.number,
    timestamp: BigInt(encoded.timestamp),
    baseFeePerGas: BigInt(encoded.baseFeePerGas),
    gasLimit: BigInt(encoded.gasLimit),
    coinbase: hexToBytes(encoded.coinbase),
    parentHash: hexToBytes(encoded.parentHash),
    parentStateRoot: hexToBytes(encoded.parentStateRoot),
    openedAtMs: encoded.openedAtMs,
    notBeforeMs: encoded.notBeforeMs,
    spends,
  };
}
