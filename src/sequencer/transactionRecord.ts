import type { TypedTransaction } from '@ethereumjs/tx';
import type { StoredAuthorization, StoredLog, StoredReceipt, StoredTransaction, StoredTransactionFields } from '../chain/records.js';
import type { ExecutedTransaction } from '../execution/executeTransaction.js';
import { depositOf } from '../execution/opStack/DepositTransaction.js';
import type { OpTransactionFacts } from '../execution/opStack/OpTransactionFacts.js';
import { bytesToHex, type Hex, toQuantity } from '../primitives/hex.js';

/**
 * The bloom of a receipt without logs (most transactions), one string for all of them: 514
 * characters per record otherwise, a quarter of a transfer's record in the recent-records cache.
 */
const EMPTY_LOGS_BLOOM = `0x${'00'.repeat(256)}` as Hex;

/** Where a transaction sits: its block, its index in the block, its sub-block, and its first log's index. */
export interface TransactionPosition {
  blockNumber: number;
  transactionIndex: number;
  subBlockIndex: number;
  firstLogIndex: number;
}

/**
 * Builds the stored (RPC-shaped) transaction and receipt of an executed transaction. `raw` is its
 * encoding when known (the bytes it was submitted as, which decoding proved canonical), spared
 * encoding it again.
 */
export function toStoredTransaction(executed: ExecutedTransaction, sender: string, position: TransactionPosition, raw?: Uint8Array): StoredTransaction {
  const transaction = executed.transaction;
  const hash = bytesToHex(transaction.hash());
  const from = `0x${sender}` as Hex;
  const blockNumber = toQuantity(position.blockNumber);
  const transactionIndex = toQuantity(position.transactionIndex);
  const to = transaction.to ? bytesToHex(transaction.to.bytes) : null;
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
    to,
    cumulativeGasUsed: toQuantity(executed.cumulativeGasUsed),
    gasUsed: toQuantity(executed.gasUsed),
    contractAddress: executed.contractAddress ? bytesToHex(executed.contractAddress) : null,
    logs,
    logsBloom: executed.logs.length === 0 ? EMPTY_LOGS_BLOOM : bytesToHex(executed.bloom),
    // Before Byzantium a receipt carries the state root after the transaction instead of a status (EIP-658).
    ...(executed.stateRoot === undefined ? { status: executed.success ? '0x1' : '0x0' } : { root: bytesToHex(executed.stateRoot) }),
    effectiveGasPrice: toQuantity(executed.effectiveGasPrice),
    type: toQuantity(transaction.type),
    ...(executed.blobGasUsed === undefined ? {} : { blobGasUsed: toQuantity(executed.blobGasUsed), blobGasPrice: toQuantity(executed.blobGasPrice ?? 0n) }),
    ...(executed.opStack === undefined ? {} : opReceiptFields(executed.opStack)),
  };
  const fields = transactionFields(transaction, hash, from, executed.effectiveGasPrice, to);
  // A deposit's RPC transaction shows the nonce its sender had and its receipt version (op-geth's newRPCTransaction).
  if (executed.opStack?.kind === 'deposit') {
    fields.nonce = toQuantity(executed.opStack.depositNonce);
    if (executed.opStack.depositReceiptVersion !== undefined) fields.depositReceiptVersion = toQuantity(executed.opStack.depositReceiptVersion);
  }
  return {
    fields,
    raw: bytesToHex(raw ?? transaction.serialize()),
    blockNumber: position.blockNumber,
    transactionIndex: position.transactionIndex,
    subBlockIndex: position.subBlockIndex,
    receipt,
  };
}

/**
 * The OP Stack receipt fields, as op-geth's marshalReceipt adds them: a deposit's nonce and receipt
 * version; another transaction's L1 fee and its inputs, the operator fee parameters when not zero, and from
 * Jovian the DA footprint scalar with the transaction's DA footprint as `blobGasUsed`.
 */
function opReceiptFields(facts: OpTransactionFacts): Partial<StoredReceipt> {
  if (facts.kind === 'deposit') {
    return {
      depositNonce: toQuantity(facts.depositNonce),
      ...(facts.depositReceiptVersion === undefined ? {} : { depositReceiptVersion: toQuantity(facts.depositReceiptVersion) }),
    };
  }
  const optional = (value: bigint | undefined) => (value === undefined ? undefined : toQuantity(value));
  const fields: Partial<StoredReceipt> = {
    l1GasPrice: toQuantity(facts.l1GasPrice),
    l1GasUsed: toQuantity(facts.l1GasUsed),
    l1Fee: toQuantity(facts.l1Fee),
    ...(facts.l1FeeScalar === undefined ? {} : { l1FeeScalar: facts.l1FeeScalar }),
    l1BlobBaseFee: optional(facts.l1BlobBaseFee),
    l1BaseFeeScalar: optional(facts.l1BaseFeeScalar),
    l1BlobBaseFeeScalar: optional(facts.l1BlobBaseFeeScalar),
    operatorFeeScalar: optional(facts.operatorFeeScalar),
    operatorFeeConstant: optional(facts.operatorFeeConstant),
    daFootprintGasScalar: optional(facts.daFootprintGasScalar),
    blobGasUsed: optional(facts.daFootprint),
  };
  for (const key of Object.keys(fields) as Array<keyof StoredReceipt>) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/**
 * The RPC fields of a transaction, as geth serves them: `gas`, `input`, `gasPrice` (the
 * effective price once executed), `yParity` for typed txs, lower-case hex throughout, numbers as
 * quantities (EIP-7702 authorizations too: nonce 0 is "0x0", not "0x"). A legacy transaction
 * carries `chainId` only when it is EIP-155 signed, as in geth; blob transactions (type 3, which
 * only imported blocks hold) carry `maxFeePerBlobGas` and `blobVersionedHashes`.
 */
export function transactionFields(
  transaction: TypedTransaction,
  hash: Hex,
  from: Hex,
  gasPrice: bigint,
  to: Hex | null = transaction.to ? bytesToHex(transaction.to.bytes) : null,
): StoredTransactionFields {
  const deposit = depositOf(transaction);
  if (deposit) {
    // op-geth's deposit: no chain id, fees or signature (v, r and s are zero), and the deposit's own fields.
    return {
      type: toQuantity(deposit.type),
      nonce: toQuantity(deposit.nonce),
      gas: toQuantity(deposit.gasLimit),
      gasPrice: toQuantity(0n),
      to,
      value: toQuantity(deposit.value),
      input: bytesToHex(deposit.data),
      hash,
      from,
      ...deposit.depositFields(),
      v: '0x0',
      r: '0x0',
      s: '0x0',
    };
  }
  // ethereumjs's JSON (every field turned into hex) only for the fields read from it, when there are any.
  let json: ReturnType<TypedTransaction['toJSON']> | undefined;
  const jsonOf = () => (json ??= transaction.toJSON());
  const v = transaction.v ?? 0n;
  const fields: Omit<StoredTransactionFields, 'v' | 'r' | 's'> = {
    type: toQuantity(transaction.type),
    nonce: toQuantity(transaction.nonce),
    gas: toQuantity(transaction.gasLimit),
    gasPrice: toQuantity(gasPrice),
    to,
    value: toQuantity(transaction.value),
    input: bytesToHex(transaction.data),
    hash,
    from,
  };
  if (transaction.type !== 0) fields.chainId = toQuantity(transaction.common.chainId());
  else if (v >= 35n) fields.chainId = toQuantity((v - 35n) / 2n);
  if ('maxFeePerGas' in transaction) {
    fields.maxFeePerGas = toQuantity(transaction.maxFeePerGas);
    fields.maxPriorityFeePerGas = toQuantity(transaction.maxPriorityFeePerGas);
  }
  if ('accessList' in transaction)
    fields.accessList = (transaction.accessList.length === 0 ? [] : (jsonOf().accessList ?? [])) as NonNullable<StoredTransactionFields['accessList']>;
  if (transaction.type === 3) {
    fields.maxFeePerBlobGas = jsonOf().maxFeePerBlobGas as Hex;
    fields.blobVersionedHashes = (jsonOf().blobVersionedHashes ?? []) as Hex[];
  }
  if (transaction.type === 4) fields.authorizationList = authorizationsAsQuantities(jsonOf().authorizationList);
  const signature = { v: toQuantity(v), r: toQuantity(transaction.r ?? 0n), s: toQuantity(transaction.s ?? 0n) };
  return Object.assign(fields, signature, transaction.type >= 1 ? { yParity: toQuantity(v) } : {});
}

/**
 * EIP-7702 authorizations with their numbers as quantities: @ethereumjs/tx prints the raw RLP
 * bytes (nonce 0 as "0x", 5 as "0x05", r with leading zeros kept), geth and the spec quantities.
 */
export function authorizationsAsQuantities(list: unknown): StoredAuthorization[] {
  if (!Array.isArray(list)) return [];
  const quantity = (value: unknown) => toQuantity(BigInt(value === '0x' || value === undefined ? 0 : (value as string)));
  return (list as Array<Record<string, string>>).map((item) => ({
    chainId: quantity(item.chainId),
    address: item.address!.toLowerCase() as Hex,
    nonce: quantity(item.nonce),
    yParity: quantity(item.yParity),
    r: quantity(item.r),
    s: quantity(item.s),
  }));
}
