import { type Address, getAddress, type Hex, keccak256 } from 'viem';
import { check, PreconfirmationVerificationError } from './errors.js';
import { type RecoverableSignature, recoverSigner } from './recoverSigner.js';

/** A sub-block commitment as Sequin serves it (JSON: quantities and 32-byte hex); see docs/verifiable-preconfirmations.md. */
export interface SubBlockCommitment {
  blockNumber: Hex;
  index: Hex;
  previous: Hex;
  timestamp: Hex;
  baseFeePerGas: Hex;
  transactionCount: Hex;
  firstLogIndexesHash: Hex;
  transactionsRoot: Hex;
  receiptsRoot: Hex;
  stateRoot: Hex;
}

/** The EIP-712 types of a commitment (domain `{ name: "Sequin", version: "1", chainId }`). */
export const COMMITMENT_TYPES = {
  SubBlockCommitment: [
    { name: 'blockNumber', type: 'uint64' },
    { name: 'index', type: 'uint32' },
    { name: 'previous', type: 'bytes32' },
    { name: 'timestamp', type: 'uint64' },
    { name: 'baseFeePerGas', type: 'uint256' },
    { name: 'transactionCount', type: 'uint64' },
    { name: 'firstLogIndexesHash', type: 'bytes32' },
    { name: 'transactionsRoot', type: 'bytes32' },
    { name: 'receiptsRoot', type: 'bytes32' },
    { name: 'stateRoot', type: 'bytes32' },
  ],
} as const;

const QUANTITIES = ['blockNumber', 'index', 'timestamp', 'baseFeePerGas', 'transactionCount'] as const;
const HASHES = ['previous', 'firstLogIndexesHash', 'transactionsRoot', 'receiptsRoot', 'stateRoot'] as const;
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH = /^0x[0-9a-f]{64}$/;

/** `value` as a commitment, checked field by field (quantities, 32-byte hashes, nothing else); `extra` keys are allowed too. */
export function parseCommitment(value: unknown, field: string, extra: readonly string[] = []): SubBlockCommitment {
  check(value !== null && typeof value === 'object' && !Array.isArray(value), 'format', 'not an object', field);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    check(
      (QUANTITIES as readonly string[]).includes(key) || (HASHES as readonly string[]).includes(key) || extra.includes(key),
      'format',
      'not a commitment field',
      `${field}.${key}`,
    );
  }
  for (const key of QUANTITIES) check(typeof record[key] === 'string' && QUANTITY.test(record[key]), 'format', 'not a quantity', `${field}.${key}`);
  for (const key of HASHES) check(typeof record[key] === 'string' && HASH.test(record[key]), 'format', 'not a 32-byte hex value', `${field}.${key}`);
  const commitment = {} as Record<string, Hex>;
  for (const key of [...QUANTITIES, ...HASHES]) commitment[key] = record[key] as Hex;
  return commitment as unknown as SubBlockCommitment;
}

const encoder = new TextEncoder();
const COMMITMENT_TYPE_HASH = keccak256(
  encoder.encode(`SubBlockCommitment(${COMMITMENT_TYPES.SubBlockCommitment.map(({ name, type }) => `${type} ${name}`).join(',')})`),
  'hex',
).slice(2);
const DOMAIN_WORDS = [
  keccak256(encoder.encode('EIP712Domain(string name,string version,uint256 chainId)')),
  keccak256(encoder.encode('Sequin')),
  keccak256(encoder.encode('1')),
].map((hash) => hash.slice(2));
/** Domain separators by chain id: a verifier checks one chain, over and over. */
const domainSeparators = new Map<bigint, string>();

/**
 * The EIP-712 hash of `commitment` on chain `chainId`: what the sequencer signs, and what the next commitment
 * names as `previous`. Encoded word by word (every field is a static type), as viem's hashTypedData would with
 * COMMITMENT_TYPES, at a tenth of its cost: a verifier hashes every commitment of an answer's chain.
 */
export function hashCommitment(commitment: SubBlockCommitment, chainId: bigint | number): Hex {
  // Every answer of a sub-block carries the same commitments: hashed once (a function of these values alone).
  const key = `${chainId}:${COMMITMENT_TYPES.SubBlockCommitment.map(({ name }) => commitment[name]).join()}`;
  let hash = commitmentHashes.get(key);
  if (!hash) {
    hash = hashCommitmentOnce(commitment, chainId);
    commitmentHashes.set(key, hash);
    if (commitmentHashes.size > HASHES_KEPT) commitmentHashes.delete(commitmentHashes.keys().next().value!);
  }
  return hash;
}

/** Hashes kept, by a commitment's values: the most recent HASHES_KEPT. */
const commitmentHashes = new Map<string, Hex>();
const HASHES_KEPT = 256;

function hashCommitmentOnce(commitment: SubBlockCommitment, chainId: bigint | number): Hex {
  const id = BigInt(chainId);
  let domain = domainSeparators.get(id);
  if (!domain) {
    domain = keccak256(`0x${DOMAIN_WORDS.join('')}${word(id, 256, 'chainId')}`).slice(2);
    domainSeparators.set(id, domain);
  }
  const words = COMMITMENT_TYPES.SubBlockCommitment.map(({ name, type }) => {
    const value = commitment[name];
    if (type === 'bytes32') return value.slice(2);
    return word(BigInt(value), Number(type.slice(4)), name);
  });
  const structHash = keccak256(`0x${COMMITMENT_TYPE_HASH}${words.join('')}`).slice(2);
  return keccak256(`0x1901${domain}${structHash}`);
}

/** A uintN value as one 32-byte ABI word (hex, no 0x); refuses one out of range, which no commitment has. */
function word(value: bigint, bits: number, field: string): string {
  check(value >= 0n && value < 1n << BigInt(bits), 'format', `out of range for uint${bits}`, field);
  return value.toString(16).padStart(64, '0');
}

/** Signatures already checked (digest + signature → signer): many receipts share one commitment. */
const recovered = new Map<string, Hex>();
const RECOVERED_KEPT = 256;

/**
 * Checks that `signature` over `commitment` is the sequencer's: throws `signature` when it recovers to no
 * key, `signer` when to another key than `sequencer`. Returns the commitment's hash.
 */
export async function checkSigned(
  commitment: SubBlockCommitment,
  signature: unknown,
  options: { sequencer: Address; chainId: bigint | number },
  field: string,
): Promise<Hex> {
  check(typeof signature === 'string' && /^0x[0-9a-f]{130}$/.test(signature), 'format', 'not a 65-byte signature', field);
  const hash = hashCommitment(commitment, options.chainId);
  const key = `${hash}${signature}`;
  let signer = recovered.get(key);
  if (!signer) {
    try {
      signer = await recoverSigner(hash, splitSignature(signature as Hex));
    } catch (error) {
      throw new PreconfirmationVerificationError('signature', `recovers to no key (${(error as Error).message.split('\n')[0]})`, field);
    }
    recovered.set(key, signer);
    if (recovered.size > RECOVERED_KEPT) recovered.delete(recovered.keys().next().value!);
  }
  check(signer === options.sequencer.toLowerCase(), 'signer', `signed by ${getAddress(signer)}, not by the sequencer ${options.sequencer}`, field);
  return hash;
}

/** A 65-byte signature (r ‖ s ‖ v, v 27/28 or 0/1) as its parts. */
function splitSignature(signature: Hex): RecoverableSignature {
  const v = Number.parseInt(signature.slice(130), 16);
  if (v !== 0 && v !== 1 && v !== 27 && v !== 28) throw new Error(`invalid v ${v}`);
  return { r: `0x${signature.slice(2, 66)}`, s: `0x${signature.slice(66, 130)}`, yParity: v % 27 === 0 ? 0 : 1 };
}

/** keccak256 of the first log indexes, each 4 bytes big-endian (a commitment's `firstLogIndexesHash`). */
export function hashFirstLogIndexes(indexes: readonly number[]): Hex {
  // A sub-block's list comes with every answer of its transactions: hashed once.
  const key = indexes.join();
  let hash = firstLogIndexesHashes.get(key);
  if (!hash) {
    hash = hashIndexes(indexes);
    firstLogIndexesHashes.set(key, hash);
    if (firstLogIndexesHashes.size > HASHES_KEPT) firstLogIndexesHashes.delete(firstLogIndexesHashes.keys().next().value!);
  }
  return hash;
}

const firstLogIndexesHashes = new Map<string, Hex>();

function hashIndexes(indexes: readonly number[]): Hex {
  const bytes = new Uint8Array(4 * indexes.length);
  const view = new DataView(bytes.buffer);
  for (const [i, index] of indexes.entries()) view.setUint32(4 * i, index);
  return keccak256(bytes);
}
