/**
 * Anvil's state dump format (anvil_dumpState, --dump-state; Anvil's `SerializableState`), read
 * and written here so that a dump of either node loads into the other:
 *
 *   { "block": {number, beneficiary, timestamp, gas_limit, basefee, difficulty, prevrandao,
 *               blob_excess_gas_and_price},            the head block's environment
 *     "accounts": { "0xaddr": { "nonce": 1, "balance": "0x…", "code": "0x…",
 *                               "storage": { "0xslot": "0xvalue" } } },
 *     "best_block_number": 12,
 *     "blocks": [{ "header": {…}, "transactions": [], "ommers": [] }],
 *     "transactions": [], "historical_states": null }
 *
 * Sequin writes the accounts and storage of its state, the head block's environment, and the
 * head block's header alone in `blocks` (Anvil sets its best block from it when loading). It
 * reads the accounts and storage only: a dump is state, not a chain to import, so `block`,
 * `blocks`, `transactions` and `historical_states` are accepted and left aside.
 */
import { type JsonWithBigInts, parseJsonWithBigInts } from '../../primitives/parseJsonWithBigInts.js';

/** One account of a dump: nonce, balance, code, and its non-zero storage slots (32-byte hex keys and values). */
export interface DumpedAccount {
  nonce: bigint;
  balance: bigint;
  code: Uint8Array;
  storage: Map<string, Uint8Array>;
}

/** The accounts of a dump by unprefixed lower-case address, and what else Sequin writes beside them. */
export interface StateDump {
  accounts: Map<string, DumpedAccount>;
  block?: Record<string, unknown>;
  bestBlockNumber?: number;
  headHeader?: Record<string, unknown>;
}

const MAX_UINT256 = 2n ** 256n - 1n;
const MAX_U64 = 2n ** 64n - 1n;

/** The dump as Anvil's JSON text (nonces as JSON integers, exact above 2^53). */
export function stateDumpToJson(dump: StateDump): string {
  const accounts: Record<string, unknown> = {};
  for (const [address, account] of [...dump.accounts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const storage: Record<string, string> = {};
    for (const [slot, value] of [...account.storage].sort(([a], [b]) => (a < b ? -1 : 1))) storage[`0x${slot}`] = word(value);
    accounts[`0x${address}`] = { nonce: account.nonce, balance: `0x${account.balance.toString(16)}`, code: hex(account.code), storage };
  }
  const state = {
    block: dump.block ?? null,
    accounts,
    best_block_number: dump.bestBlockNumber ?? null,
    blocks: dump.headHeader ? [{ header: dump.headHeader, transactions: [], ommers: [] }] : [],
    transactions: [],
    historical_states: null,
  };
  // JSON.stringify cannot print a bigint: mark it, then unquote the marks into integer literals.
  return JSON.stringify(state, (_key, value) => (typeof value === 'bigint' ? `${BIGINT_MARK}${value}` : value)).replace(BIGINT_MARKED, '$1');
}

const BIGINT_MARK = '\u0000bigint:';
// JSON.stringify prints the mark's NUL as \u0000; every other string of a dump is hex, so none can look like it.
const BIGINT_MARKED = /"\\u0000bigint:(\d+)"/g;

/**
 * Reads a dump's JSON text; throws TypeError naming what does not fit. Numbers are read as Anvil
 * reads them: a JSON integer, a 0x-hex string or a decimal string.
 */
export function parseStateDump(text: string): StateDump {
  const root = parseJsonWithBigInts(text);
  if (!isObject(root)) throw new TypeError('a state dump is a JSON object');
  const accountsJson = root.accounts;
  if (!isObject(accountsJson)) throw new TypeError('"accounts" must be an object');
  const accounts = new Map<string, DumpedAccount>();
  for (const [address, accountJson] of Object.entries(accountsJson)) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new TypeError(`account key ${address.slice(0, 50)} is not an address`);
    if (!isObject(accountJson)) throw new TypeError(`account ${address} must be an object`);
    const storage = new Map<string, Uint8Array>();
    const storageJson = accountJson.storage ?? {};
    if (!isObject(storageJson)) throw new TypeError(`storage of ${address} must be an object`);
    for (const [slot, value] of Object.entries(storageJson)) {
      storage.set(
        word(bigintBytes(number(slot, `storage slot of ${address}`, MAX_UINT256))).slice(2),
        bigintBytes(number(value, `storage value of ${address}`, MAX_UINT256)),
      );
    }
    accounts.set(address.slice(2).toLowerCase(), {
      nonce: number(accountJson.nonce ?? 0n, `nonce of ${address}`, MAX_U64),
      balance: number(accountJson.balance ?? 0n, `balance of ${address}`, MAX_UINT256),
      code: bytes(accountJson.code ?? '0x', `code of ${address}`),
      storage,
    });
  }
  return { accounts };
}

function isObject(value: JsonWithBigInts | undefined): value is { [key: string]: JsonWithBigInts } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Anvil's lenient number: an integer, 0x-hex (leading zeros allowed) or decimal text. */
function number(value: JsonWithBigInts, what: string, max: bigint): bigint {
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) parsed = BigInt(value);
  else if (typeof value === 'string' && /^[0-9]{1,78}$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > max) throw new TypeError(`${what} is not a number in range`);
  return parsed;
}

function bytes(value: JsonWithBigInts, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new TypeError(`${what} is not 0x-hex bytes`);
  return new Uint8Array(Buffer.from(value.slice(2), 'hex'));
}

function bigintBytes(value: bigint): Uint8Array {
  if (value === 0n) return new Uint8Array(0);
  const digits = value.toString(16);
  return new Uint8Array(Buffer.from(digits.length % 2 ? `0${digits}` : digits, 'hex'));
}

/** A value as a 0x-prefixed 32-byte word. */
function word(value: Uint8Array): string {
  return `0x${Buffer.from(value).toString('hex').padStart(64, '0')}`;
}

function hex(value: Uint8Array): string {
  return `0x${Buffer.from(value).toString('hex')}`;
}
