/**
 * The transaction object of `eth_sendTransaction` (hex quantities, as dApps send it), decoded
 * into the values the wallet fills in and signs. Malformed fields answer -32602 naming the field.
 */
import { invalidParamsError } from '../shared/providerErrors.js';
import { singleObjectParam } from '../shared/validateChainData.js';

/** A decoded transaction request; absent fields are filled by the wallet. */
export interface TransactionRequest {
  from?: `0x${string}`;
  to?: `0x${string}`;
  value?: bigint;
  data?: `0x${string}`;
  gas?: bigint;
  nonce?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  accessList?: Array<{ address: `0x${string}`; storageKeys: `0x${string}`[] }>;
}

/** Decodes `[transaction]`. `input` is accepted as an alias of `data` (geth's name). */
export function decodeTransactionRequest(params: unknown): TransactionRequest {
  const tx = singleObjectParam(params);
  const request: TransactionRequest = {};
  if (tx.from !== undefined) request.from = address(tx.from, 'from');
  if (tx.to !== undefined && tx.to !== null) request.to = address(tx.to, 'to');
  const data = tx.data ?? tx.input;
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data))
      throw invalidParamsError(`Expected 0x-prefixed hex bytes 'data'. Received: ${JSON.stringify(data)}`);
    request.data = data as `0x${string}`;
  }
  for (const field of ['value', 'gas', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    if (tx[field] !== undefined && tx[field] !== null) request[field] = quantity(tx[field], field);
  }
  if (Array.isArray(tx.accessList)) request.accessList = tx.accessList as TransactionRequest['accessList'];
  return request;
}

function address(value: unknown, field: string): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
    throw invalidParamsError(`Expected a 0x-prefixed 20-byte address '${field}'. Received: ${JSON.stringify(value)}`);
  return value as `0x${string}`;
}

function quantity(value: unknown, field: string): bigint {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalidParamsError(`Expected a 0x-prefixed hex quantity '${field}'. Received: ${JSON.stringify(value)}`);
}
