import type { Common } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TransactionRejection } from '../errors/TransactionRejection.js';
import { bytesToBigint } from '../primitives/hex.js';

/** EIP-3860 limit on contract creation code (unless --disable-code-size-limit lifts it). */
export const MAX_INITCODE_BYTES = 49_152;

/** The limits of the pending block's rules that the raw fields are checked against; undefined where the rules set none. */
export interface RawFieldLimits {
  /** EIP-3860's init code limit (from Shanghai). */
  maxInitCode: number | undefined;
  /** EIP-7825's transaction gas limit (from Osaka). */
  maxGas: bigint | undefined;
}

/** The raw-field limits of `rules` (a Common of the pending block's fork). */
export function rawFieldLimits(rules: Common): RawFieldLimits {
  return {
    maxInitCode: rules.isActivatedEIP(3860) ? Number(rules.param('maxInitCodeSize')) : undefined,
    maxGas: rules.isActivatedEIP(7825) ? rules.param('maxTransactionGasLimit') : undefined,
  };
}

/** Positions of the fields geth checks first, per transaction type (EIP-2718 payload layouts). */
const LAYOUT: Record<
  number,
  { chainId?: number; tip?: number; feeCap: number; gas: number; to: number; data: number; accessList?: number; authorizations?: number; parity: number }
> = {
  0: { feeCap: 1, gas: 2, to: 3, data: 5, parity: 6 },
  1: { chainId: 0, feeCap: 2, gas: 3, to: 4, data: 6, accessList: 7, parity: 8 },
  2: { chainId: 0, tip: 2, feeCap: 3, gas: 4, to: 5, data: 7, accessList: 8, parity: 9 },
  4: { chainId: 0, tip: 2, feeCap: 3, gas: 4, to: 5, data: 7, accessList: 8, authorizations: 9, parity: 10 },
};

/** A decoded RLP item: bytes, or a list of items. */
export type RlpItem = Uint8Array | RlpItem[];

/** The outcome of {@link precheckRawFields}: the decoded fields, for the transaction to be built from, or the first reason to reject. */
export type RawFieldsCheck = { fields: RlpItem[]; rejection?: undefined } | { rejection: TransactionRejection };

/** geth's name of each typed transaction's Go struct, for its RLP decoding errors. */
const GO_TYPE: Record<number, string> = { 1: 'AccessListTx', 2: 'DynamicFeeTx', 4: 'SetCodeTx' };
/** The Go type of each typed transaction's ChainID field (geth core/types). */
const GO_CHAIN_ID_TYPE: Record<number, string> = { 1: '*big.Int', 2: '*big.Int', 4: '*uint256.Int' };

/**
 * geth-worded checks on the raw RLP fields, run before @ethereumjs/tx decodes the transaction:
 * ethereumjs rejects several of these shapes while decoding, in its own words, which viem and
 * ethers would not recognise. Covers: chain id (and EIP-155 replay protection for legacy txs),
 * fee cap wider than 256 bits, tip above fee cap, oversized init code, a gas limit above EIP-7825's
 * cap, EIP-7702 shape, and an impossible signature parity. Returns the first reason to reject, or
 * the decoded fields when they pass (malformed RLP is `malformedEncoding`): the transaction is built from
 * them, so its bytes are decoded once.
 */
export function precheckRawFields(raw: Uint8Array, type: number, chainId: bigint, limits: RawFieldLimits): RawFieldsCheck {
  let decoded: unknown;
  try {
    decoded = RLP.decode(type === 0 ? raw : raw.subarray(1));
  } catch (error) {
    return { rejection: { kind: 'malformedEncoding', detail: error instanceof Error ? error.message.split('\n')[0]! : String(error) } };
  }
  if (!Array.isArray(decoded)) return { rejection: { kind: 'notRlpList' } };
  const fields = decoded as RlpItem[];
  const rejection = firstRejection(fields, type, chainId, limits);
  return rejection ? { rejection } : { fields };
}

/** The checks of {@link precheckRawFields} on the decoded fields. */
function firstRejection(fields: readonly RlpItem[], type: number, chainId: bigint, limits: RawFieldLimits): TransactionRejection | undefined {
  const layout = LAYOUT[type]!;
  const bytesAt = (index: number | undefined): Uint8Array | undefined => {
    const field = index === undefined ? undefined : fields[index];
    return field instanceof Uint8Array ? field : undefined;
  };

  if (type === 0) {
    const rejection = checkLegacyReplayProtection(bytesAt(layout.parity), chainId);
    if (rejection) return rejection;
  } else {
    const signedChainId = bytesAt(layout.chainId);
    // geth's RLP decoder refuses a number with leading zero bytes before anything else; ethereumjs accepts it
    // in a chain id only, and would then sign-check a re-encoding that differs from the bytes sent.
    if (signedChainId?.[0] === 0)
      return {
        kind: 'malformedEncoding',
        detail: `rlp: non-canonical integer (leading zero bytes) for ${GO_CHAIN_ID_TYPE[type]}, decoding into (types.${GO_TYPE[type]}).ChainID`,
      };
    if (signedChainId && bytesToBigint(signedChainId) !== chainId) return { kind: 'invalidChainId', have: bytesToBigint(signedChainId), want: chainId };
  }

  const feeCap = bytesAt(layout.feeCap);
  if (feeCap && feeCap.length > 32) return { kind: 'feeCapTooHigh' };
  const tip = bytesAt(layout.tip);
  if (tip && tip.length > 32) return { kind: 'tipTooHigh' };
  if (tip && feeCap && bytesToBigint(tip) > bytesToBigint(feeCap)) return { kind: 'tipAboveFeeCap', tip: bytesToBigint(tip), feeCap: bytesToBigint(feeCap) };

  const accessListRejection = checkAccessListShape(fields, type, layout.accessList);
  if (accessListRejection) return accessListRejection;

  const isCreation = bytesAt(layout.to)?.length === 0;
  const data = bytesAt(layout.data);
  if (isCreation && data && limits.maxInitCode !== undefined && data.length > limits.maxInitCode) {
    return { kind: 'initCodeTooLarge', size: data.length, limit: limits.maxInitCode };
  }
  const gas = bytesAt(layout.gas);
  if (gas && limits.maxGas !== undefined && gas.length <= 32 && bytesToBigint(gas) > limits.maxGas)
    return { kind: 'gasLimitTooHigh', gas: bytesToBigint(gas), cap: limits.maxGas };
  if (type === 4) {
    if (isCreation) return { kind: 'setCodeCreate' };
    const authorizations = fields[layout.authorizations!];
    if (Array.isArray(authorizations) && authorizations.length === 0) return { kind: 'emptyAuthorizationList' };
  }
  if (type !== 0) {
    const parity = bytesAt(layout.parity);
    if (parity && bytesToBigint(parity) > 1n) return { kind: 'invalidSender' };
  }
  return undefined;
}

/**
 * The access list must be a list of lists (geth's RLP decoding words when it is not): ethereumjs
 * would otherwise fail on it with a JavaScript TypeError instead of a decoding error.
 */
function checkAccessListShape(fields: readonly unknown[], type: number, index: number | undefined): TransactionRejection | undefined {
  if (index === undefined || fields.length <= index) return undefined;
  const where = `(types.${GO_TYPE[type]}).AccessList`;
  const accessList = fields[index];
  if (!Array.isArray(accessList)) return { kind: 'malformedEncoding', detail: `rlp: expected input list for types.AccessList, decoding into ${where}` };
  const entry = accessList.findIndex((tuple) => !Array.isArray(tuple));
  if (entry >= 0) return { kind: 'malformedEncoding', detail: `rlp: expected input list for types.AccessTuple, decoding into ${where}[${entry}]` };
  return undefined;
}

/** Legacy txs must be EIP-155 signed for this chain (geth refuses unprotected txs over RPC). */
function checkLegacyReplayProtection(v: Uint8Array | undefined, chainId: bigint): TransactionRejection | undefined {
  if (!v) return undefined;
  const value = bytesToBigint(v);
  if (value === 27n || value === 28n) return { kind: 'unprotected' };
  if (value >= 35n) {
    const signedChainId = (value - 35n) / 2n;
    if (signedChainId !== chainId) return { kind: 'invalidChainId', have: signedChainId, want: chainId };
  }
  return undefined;
}
