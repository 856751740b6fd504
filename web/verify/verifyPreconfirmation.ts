import { type Address, fromRlp, getContractAddress, type Hex, keccak256, toHex } from 'viem';
import { type BlockContext, type DecodedTransaction, ETHEREUM_CODEC, type TransactionCodec } from './codecs.js';
import { checkSigned, hashCommitment, hashFirstLogIndexes, parseCommitment, type SubBlockCommitment } from './commitment.js';
import { compareFields } from './compareFields.js';
import { check } from './errors.js';
import { type DecodedReceipt, decodeReceipt } from './receiptEncoding.js';
import { indexKey, provenValue } from './trieProof.js';

/** What verifyPreconfirmation checks an answer against: the sequencer key's address and the chain, known out of band. */
export interface VerifyOptions {
  sequencer: Address;
  chainId: bigint | number;
  /** Transaction types beyond Ethereum's 0, 1, 2 and 4 (see TransactionCodec). */
  codecs?: Readonly<Record<number, TransactionCodec>>;
}

/** A receipt as eth_getTransactionReceipt serves it (JSON-RPC shape). */
export type RpcReceipt = Record<string, unknown> & { transactionHash: Hex; blockNumber: Hex; blockHash: Hex; status?: Hex };

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;
const ANSWER_KEYS = ['transaction', 'receipt', 'commitment', 'signature', 'proof'];
const PROOF_KEYS = ['commitments', 'firstLogIndexes', 'transaction', 'receipt', 'previousReceipt', 'header'];

/**
 * Checks an answer of sequin_getPreconfirmation (or sequin_sendRawTransactionSync, or a
 * newPreconfBlockTransactions message with `proof`) as it came through any RPC, and returns the verified
 * receipt. The commitment must be signed by `sequencer` for `chainId`; the transaction and its receipt must
 * be proven in the commitment's roots; and every value of the transaction and the receipt is recomputed from
 * what is proven — hashes, indexes, sender, gas used, effective gas price, contract address, logs and their
 * indexes, block number, hash and timestamp — and compared: a single value that differs, or a value nothing
 * proves, is refused. Throws {@link PreconfirmationVerificationError} naming the check and the value.
 */
export async function verifyPreconfirmation(answer: unknown, options: VerifyOptions): Promise<RpcReceipt> {
  const parts = objectWith(answer, ANSWER_KEYS, ['transaction', 'receipt', 'commitment', 'signature', 'proof'], 'answer');
  const commitment = parseCommitment(parts.commitment, 'commitment', ['chainId']);
  const claimedChain = (parts.commitment as Record<string, unknown>).chainId;
  check(typeof claimedChain === 'string' && /^0x[0-9a-f]+$/.test(claimedChain), 'format', 'not a quantity', 'commitment.chainId');
  check(BigInt(claimedChain) === BigInt(options.chainId), 'chain', `for chain ${BigInt(claimedChain)}, not ${options.chainId}`, 'commitment.chainId');
  await checkSigned(commitment, parts.signature, options, 'signature');

  const proof = objectWith(parts.proof, PROOF_KEYS, ['commitments', 'firstLogIndexes', 'transaction', 'receipt'], 'proof');
  const chain = [...commitmentChain(proof.commitments, commitment, options.chainId), commitment];
  const receiptClaim = objectWith(parts.receipt, undefined, ['transactionIndex'], 'receipt');
  const index = quantityOf(receiptClaim.transactionIndex, 'receipt.transactionIndex');
  check(
    index < Number(commitment.transactionCount),
    'proof',
    `transaction ${index} is not among the commitment's ${Number(commitment.transactionCount)}`,
    'receipt.transactionIndex',
  );

  // The transaction's sub-block: the first commitment of the chain that counts it; where that sub-block starts.
  const own = chain.findIndex((link) => Number(link.transactionCount) > index);
  check(own > 0 || chain[0]!.index === '0x0', 'commitments', "the commitment before the transaction's sub-block is missing", 'proof.commitments');
  const start = own > 0 ? Number(chain[own - 1]!.transactionCount) : 0;
  check(Array.isArray(proof.firstLogIndexes), 'format', 'not a list', 'proof.firstLogIndexes');
  const firstLogIndexes = proof.firstLogIndexes.map((value, i) => quantityOf(value, `proof.firstLogIndexes[${i}]`));
  check(
    firstLogIndexes.length === Number(chain[own]!.transactionCount) - start,
    'proof',
    'not one index per transaction of the sub-block',
    'proof.firstLogIndexes',
  );
  check(hashFirstLogIndexes(firstLogIndexes) === chain[own]!.firstLogIndexesHash, 'proof', "not the sub-block's first log indexes", 'proof.firstLogIndexes');

  const raw = provenValue(commitment.transactionsRoot, indexKey(index), hexList(proof.transaction, 'proof.transaction'), 'proof.transaction');
  check(raw, 'proof', 'proves no transaction at that index', 'proof.transaction');
  const encodedReceipt = provenValue(commitment.receiptsRoot, indexKey(index), hexList(proof.receipt, 'proof.receipt'), 'proof.receipt');
  check(encodedReceipt, 'proof', 'proves no receipt at that index', 'proof.receipt');
  const receipt = decodeReceipt(encodedReceipt, 'proof.receipt');
  let gasBefore = 0n;
  if (index > 0) {
    const previous = provenValue(
      commitment.receiptsRoot,
      indexKey(index - 1),
      hexList(proof.previousReceipt, 'proof.previousReceipt'),
      'proof.previousReceipt',
    );
    check(previous, 'proof', 'proves no receipt before it', 'proof.previousReceipt');
    gasBefore = decodeReceipt(previous, 'proof.previousReceipt').cumulativeGasUsed;
  } else check(proof.previousReceipt === undefined, 'format', 'there is no receipt before the first', 'proof.previousReceipt');

  const block = blockOf(commitment, proof.header);
  const codec = receipt.type === 0 ? ETHEREUM_CODEC : (options.codecs?.[receipt.type] ?? ETHEREUM_CODEC);
  const transaction = await codec.decode(toHex(raw), block);
  check(transaction.fields.type === `0x${receipt.type.toString(16)}`, 'proof', "the proven receipt's type is not its transaction's", 'proof.receipt');
  const position = { blockHash: block.hash, blockNumber: toHex(block.number), blockTimestamp: toHex(block.timestamp), transactionIndex: toHex(index) };
  const expectedTransaction = { ...transaction.fields, ...position };
  const expectedReceipt = receiptOf(receipt, transaction, block, { index, gasBefore, firstLogIndex: firstLogIndexes[index - start]! });
  Object.assign(expectedReceipt, codec.receiptFields?.(receipt.rest, transaction, block) ?? {});
  if (!codec.receiptFields) check(receipt.rest.length === 0, 'proof', 'the proven receipt has fields its type does not', 'proof.receipt');

  compareFields(parts.transaction, expectedTransaction, 'transaction', 'transaction');
  compareFields(parts.receipt, expectedReceipt, 'receipt', 'receipt');
  return expectedReceipt as RpcReceipt;
}

/** The receipt eth_getTransactionReceipt serves, from its proven encoding and transaction. */
function receiptOf(
  receipt: DecodedReceipt,
  transaction: DecodedTransaction,
  block: BlockContext,
  at: { index: number; gasBefore: bigint; firstLogIndex: number },
): Record<string, unknown> {
  const transactionIndex = toHex(at.index);
  const blockNumber = toHex(block.number);
  const blockTimestamp = toHex(block.timestamp);
  return {
    transactionHash: transaction.hash,
    transactionIndex,
    blockNumber,
    from: transaction.from,
    to: transaction.to,
    cumulativeGasUsed: toHex(receipt.cumulativeGasUsed),
    gasUsed: toHex(receipt.cumulativeGasUsed - at.gasBefore),
    contractAddress: transaction.to === null ? getContractAddress({ from: transaction.from, nonce: transaction.nonce }).toLowerCase() : null,
    logs: receipt.logs.map((log, i) => ({
      ...log,
      logIndex: toHex(at.firstLogIndex + i),
      transactionIndex,
      transactionHash: transaction.hash,
      blockNumber,
      blockHash: block.hash,
      blockTimestamp,
      removed: false,
    })),
    logsBloom: receipt.logsBloom,
    ...(receipt.root === undefined ? { status: receipt.status } : { root: receipt.root }),
    effectiveGasPrice: toHex(transaction.effectiveGasPrice),
    type: toHex(receipt.type),
    blockHash: block.hash,
  };
}

/** The commitments before `last`, checked to chain up to it: same block, consecutive indexes, each named by the next. */
function commitmentChain(value: unknown, last: SubBlockCommitment, chainId: bigint | number): SubBlockCommitment[] {
  check(Array.isArray(value), 'format', 'not a list', 'proof.commitments');
  const chain = value.map((item, i) => parseCommitment(item, `proof.commitments[${i}]`));
  const all = [...chain, last];
  for (let i = 0; i < chain.length; i++) {
    const [earlier, later] = [all[i]!, all[i + 1]!];
    const field = `proof.commitments[${i}]`;
    check(earlier.blockNumber === last.blockNumber, 'commitments', 'of another block', field);
    check(Number(later.index) === Number(earlier.index) + 1, 'commitments', 'not the sub-block before the next', field);
    check(hashCommitment(earlier, chainId) === later.previous, 'commitments', 'not the commitment the next one names as previous', field);
  }
  return chain;
}

/** The block fields: the commitment's, and once sealed the header's hash (its roots must be the commitment's: the block's last). */
function blockOf(commitment: SubBlockCommitment, header: unknown): BlockContext {
  const context: BlockContext = {
    number: BigInt(commitment.blockNumber),
    hash: ZERO_HASH,
    timestamp: BigInt(commitment.timestamp),
    baseFeePerGas: BigInt(commitment.baseFeePerGas),
  };
  if (header === undefined) return context;
  check(typeof header === 'string' && /^0x([0-9a-f]{2})+$/.test(header), 'format', 'not hex bytes', 'proof.header');
  let fields: unknown;
  try {
    fields = fromRlp(header as Hex, 'hex');
  } catch {
    check(false, 'proof', 'not RLP', 'proof.header');
  }
  check(Array.isArray(fields) && fields.length >= 15, 'proof', 'not a block header', 'proof.header');
  const [, , , , transactionsRoot, receiptsRoot, , , number, , , timestamp, , , , baseFeePerGas] = fields as Hex[];
  const quantity = (value: Hex | undefined) => (value === undefined || value === '0x' ? 0n : BigInt(value));
  check(
    transactionsRoot === commitment.transactionsRoot && receiptsRoot === commitment.receiptsRoot,
    'proof',
    "its roots are not the commitment's",
    'proof.header',
  );
  check(quantity(number) === context.number, 'proof', 'of another block', 'proof.header');
  check(
    quantity(timestamp) === context.timestamp && quantity(baseFeePerGas) === context.baseFeePerGas,
    'proof',
    "its timestamp or base fee is not the commitment's",
    'proof.header',
  );
  return { ...context, hash: keccak256(header as Hex) };
}

/** `value` as an object with only `allowed` keys (any, when undefined) and at least `required` ones. */
function objectWith(value: unknown, allowed: readonly string[] | undefined, required: readonly string[], field: string): Record<string, unknown> {
  check(value !== null && typeof value === 'object' && !Array.isArray(value), 'format', 'not an object', field);
  const record = value as Record<string, unknown>;
  if (allowed) for (const key of Object.keys(record)) check(allowed.includes(key), 'format', 'not part of an answer', `${field}.${key}`);
  for (const key of required) check(record[key] !== undefined, 'format', 'missing', `${field}.${key}`);
  return record;
}

function hexList(value: unknown, field: string): Hex[] {
  check(Array.isArray(value), 'format', 'not a list', field);
  for (const [i, item] of value.entries()) check(typeof item === 'string' && /^0x([0-9a-f]{2})*$/.test(item), 'format', 'not hex bytes', `${field}[${i}]`);
  return value as Hex[];
}

function quantityOf(value: unknown, field: string): number {
  check(typeof value === 'string' && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(value), 'format', 'not a quantity', field);
  const number = Number(value);
  check(Number.isSafeInteger(number), 'format', 'too large', field);
  return number;
}
