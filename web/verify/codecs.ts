import { type Hex, keccak256, parseTransaction, serializeTransaction } from 'viem';
import { PreconfirmationVerificationError } from './errors.js';
import { recoverSigner } from './recoverSigner.js';

/** What a proven transaction's block says: from the commitment (and the sealed header, once sealed). */
export interface BlockContext {
  number: bigint;
  /** The sealed block's hash, or the zero hash while pre-confirmed. */
  hash: Hex;
  timestamp: bigint;
  baseFeePerGas: bigint;
}

/** A transaction as its raw bytes say it: its RPC fields (without the block's) and what its receipt needs. */
export interface DecodedTransaction {
  /** eth_getTransactionByHash's fields but blockHash, blockNumber, blockTimestamp and transactionIndex. */
  fields: Record<string, unknown>;
  hash: Hex;
  from: Hex;
  to: Hex | null;
  nonce: bigint;
  effectiveGasPrice: bigint;
}

/**
 * How one transaction type is read (`codecs[type]` of verifyPreconfirmation's options): the RPC fields of its
 * raw bytes, and the receipt fields its type adds after Ethereum's four (status, cumulative gas, bloom, logs).
 * Ethereum's types 0, 1, 2 and 4 are built in; a chain with a type of its own (OP Stack deposits, 0x7e, whose
 * receipts add depositNonce and depositReceiptVersion) plugs a codec in.
 */
export interface TransactionCodec {
  decode(raw: Hex, block: BlockContext): Promise<DecodedTransaction>;
  /** RPC receipt fields from the items of the receipt's RLP list after its logs (none for Ethereum's types). */
  receiptFields?(rest: readonly (Uint8Array | unknown[])[], transaction: DecodedTransaction, block: BlockContext): Record<string, unknown>;
}

const q = (value: bigint | number): Hex => `0x${value.toString(16)}`;

/** Ethereum's transaction types as Sequin (and geth) serve them: legacy, EIP-2930, EIP-1559, EIP-7702. */
export const ETHEREUM_CODEC: TransactionCodec = {
  async decode(raw, block) {
    const parsed = parseTransaction(raw) as Record<string, unknown> & { type: string };
    const type = TYPE_NUMBERS[parsed.type];
    if (type === undefined) throw new PreconfirmationVerificationError('transaction', `type ${parsed.type} cannot be verified`, 'transaction.type');
    const from = (await senderOf(parsed)).toLowerCase() as Hex;
    const to = typeof parsed.to === 'string' ? (parsed.to.toLowerCase() as Hex) : null;
    const nonce = BigInt((parsed.nonce as number | undefined) ?? 0);
    const bigint = (key: string) => BigInt((parsed[key] as bigint | undefined) ?? 0n);
    const effectiveGasPrice = type >= 2 ? min(bigint('maxFeePerGas'), block.baseFeePerGas + bigint('maxPriorityFeePerGas')) : bigint('gasPrice');
    const v = type === 0 ? bigint('v') : BigInt((parsed.yParity as number | undefined) ?? 0);
    const hash = keccak256(raw);
    const fields: Record<string, unknown> = {
      type: q(type),
      nonce: q(nonce),
      gas: q(bigint('gas')),
      gasPrice: q(effectiveGasPrice),
      to,
      value: q(bigint('value')),
      input: (parsed.data as Hex | undefined) ?? '0x',
      hash,
      from,
    };
    if (type !== 0) fields.chainId = q(BigInt(parsed.chainId as number));
    else if (v >= 35n) fields.chainId = q((v - 35n) / 2n);
    if (type >= 2) {
      fields.maxFeePerGas = q(bigint('maxFeePerGas'));
      fields.maxPriorityFeePerGas = q(bigint('maxPriorityFeePerGas'));
    }
    if (type >= 1) fields.accessList = ((parsed.accessList as unknown[] | undefined) ?? []).map((item) => ({ ...(item as object) }));
    if (type === 4) {
      fields.authorizationList = ((parsed.authorizationList as Array<Record<string, unknown>> | undefined) ?? []).map((item) => ({
        chainId: q(BigInt(item.chainId as number)),
        address: (item.address as string).toLowerCase(),
        nonce: q(BigInt(item.nonce as number)),
        yParity: q(BigInt((item.yParity as number | undefined) ?? 0)),
        r: q(BigInt(item.r as Hex)),
        s: q(BigInt(item.s as Hex)),
      }));
    }
    fields.v = q(v);
    fields.r = q(BigInt(parsed.r as Hex));
    fields.s = q(BigInt(parsed.s as Hex));
    if (type >= 1) fields.yParity = q(v);
    return { fields, hash, from, to, nonce, effectiveGasPrice };
  },
};

/**
 * The address that signed a parsed transaction: what viem's recoverTransactionAddress computes from the raw
 * bytes (the signing payload is the transaction without its signature), without parsing them a second time.
 * The y parity is the typed transaction's yParity, or a legacy one's v (27/28, or EIP-155's 35 + 2·chainId + parity).
 */
async function senderOf(parsed: Record<string, unknown>): Promise<Hex> {
  const { r, s, v, yParity } = parsed as { r: Hex; s: Hex; v?: bigint; yParity?: number };
  const unsigned = serializeTransaction({ ...parsed, r: undefined, s: undefined, v: undefined, yParity: undefined, sidecars: undefined } as never);
  return recoverSigner(keccak256(unsigned), { r, s, yParity: yParityOf(yParity, v) });
}

function yParityOf(yParity: number | undefined, v: bigint | undefined): 0 | 1 {
  if (yParity === 0 || yParity === 1) return yParity;
  if (yParity === undefined && v !== undefined) {
    if (v >= 35n) return v % 2n === 0n ? 1 : 0;
    if (v === 27n || v === 28n) return v === 27n ? 0 : 1;
  }
  throw new Error(`invalid signature y parity (yParity ${yParity}, v ${v})`);
}

const TYPE_NUMBERS: Record<string, number> = { legacy: 0, eip2930: 1, eip1559: 2, eip7702: 4 };

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
