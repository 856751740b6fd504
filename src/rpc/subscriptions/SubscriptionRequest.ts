import { parseQuantity } from '../../primitives/hex.js';
import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { decodeLogCriteria, type LogCriteria } from './logCriteria.js';

/**
 * A place in pre-confirmation order: the transaction at `transactionIndex` of block
 * `blockNumber`. Txs are pre-confirmed in (block, index) order and keep that place when sealed,
 * so this is a stable resume cursor.
 */
export interface TransactionPosition {
  blockNumber: bigint;
  transactionIndex: bigint;
}

/** What eth_subscribe asked for, decoded. */
export type SubscriptionRequest =
  /** Sealed block headers. */
  | { kind: 'newHeads' }
  /** Logs of sealed blocks matching the criteria. */
  | { kind: 'logs'; criteria: LogCriteria }
  /** Logs of pre-confirmed txs matching the criteria, as each sub-block is pre-confirmed (blockHash null). */
  | { kind: 'newPreconfLogs'; criteria: LogCriteria }
  /** Hashes (or, with full, transactions) admitted to the pool. */
  | { kind: 'newPendingTransactions'; full: boolean }
  /** Each pre-confirmed tx once, in order; optionally replaying everything after `after` first. */
  | { kind: 'newPreconfBlockTransactions'; full: boolean; after: TransactionPosition | undefined }
  /** Every sequencer tick, empty ones included: the chain's heartbeat. */
  | { kind: 'newPreconfSubBlocks' };

export type SubscriptionKind = SubscriptionRequest['kind'];
export const SUBSCRIPTION_KINDS: readonly SubscriptionKind[] = [
  'newHeads',
  'logs',
  'newPreconfLogs',
  'newPendingTransactions',
  'newPreconfBlockTransactions',
  'newPreconfSubBlocks',
];

/** geth's answer to an unknown subscription name. */
export class UnknownSubscriptionError extends JsonRpcError {
  constructor(name: string) {
    super(ErrorCodes.methodNotFound, `no ${JSON.stringify(name)} subscription in eth namespace`);
    this.name = 'UnknownSubscriptionError';
  }
}

/** Decodes eth_subscribe's first parameter, the subscription name. */
export function decodeSubscriptionKind(value: unknown): SubscriptionKind {
  if (typeof value !== 'string') throw new TypeError('subscription name (string) expected');
  if (!(SUBSCRIPTION_KINDS as readonly string[]).includes(value)) throw new UnknownSubscriptionError(value);
  return value as SubscriptionKind;
}

/** Decodes eth_subscribe's options for `kind` into a full request. Throws TypeError naming what is wrong. */
export function toSubscriptionRequest(kind: SubscriptionKind, options: unknown): SubscriptionRequest {
  switch (kind) {
    case 'newHeads':
    case 'newPreconfSubBlocks':
      if (options !== undefined) throw new TypeError(`${kind} takes no options`);
      return { kind };
    case 'logs':
    case 'newPreconfLogs':
      return { kind, criteria: decodeLogCriteria(rejectUnknownKeys(options, ['address', 'topics'])) };
    case 'newPendingTransactions':
      if (options !== undefined && typeof options !== 'boolean') throw new TypeError('newPendingTransactions takes one boolean (full transactions)');
      return { kind, full: options === true };
    case 'newPreconfBlockTransactions':
      return { kind, ...decodePreconfOptions(options) };
  }
}

/** `true`/`false` (full), or `{ full?, after?: { blockNumber, transactionIndex } }`. */
function decodePreconfOptions(options: unknown): { full: boolean; after: TransactionPosition | undefined } {
  if (options === undefined || typeof options === 'boolean') return { full: options === true, after: undefined };
  const object = rejectUnknownKeys(options, ['full', 'after']) as { full?: unknown; after?: unknown } | undefined;
  if (object?.full !== undefined && typeof object.full !== 'boolean') throw new TypeError('full: boolean expected');
  return { full: object?.full === true, after: object?.after === undefined ? undefined : decodePosition(object.after) };
}

function decodePosition(value: unknown): TransactionPosition {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('after: object { blockNumber, transactionIndex } expected');
  const { blockNumber, transactionIndex } = rejectUnknownKeys(value, ['blockNumber', 'transactionIndex', 'subBlockIndex']) as Record<string, unknown>;
  if (blockNumber === undefined || transactionIndex === undefined) throw new TypeError('after: blockNumber and transactionIndex are required');
  return { blockNumber: parseQuantity(blockNumber), transactionIndex: parseQuantity(transactionIndex) };
}

function rejectUnknownKeys(value: unknown, allowed: readonly string[]): object | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('options object expected');
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw new TypeError(`unknown option ${JSON.stringify(key)}`);
  return value;
}
