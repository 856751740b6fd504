import { bigIntToBytes, generateAddress, generateAddress2 } from '@ethereumjs/util';
import { bytesToHex, toQuantity } from '../../primitives/hex.js';
import { keccak256 } from '../../primitives/keccak.js';
import { codeOf, EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import type { ExecutionTracer, OpcodeStep, TxEnd, TxStart } from './ExecutionTracer.js';
import { OP } from './opcodeNames.js';

/** prestateTracer's `tracerConfig` (geth's PrestateTracerConfig). */
export interface PrestateTracerConfig {
  /** Answer { pre, post } with only what the transaction changed. */
  diffMode: boolean;
  disableCode: boolean;
  disableStorage: boolean;
  /** Keep accounts that were empty before the transaction (not allowed with diffMode). */
  includeEmpty: boolean;
}

/** An account as prestateTracer prints it; absent fields are omitted as geth omits them. */
export interface PrestateAccountJson {
  balance?: string;
  code?: string;
  codeHash?: string;
  nonce?: number;
  storage?: Record<string, string>;
}

/** Accounts by 0x-address, in address order (Go prints maps sorted by key). */
export type PrestateJson = Record<string, PrestateAccountJson>;

interface AccountState {
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
  codeHash: string;
  /** Slot → 32-byte value, both unprefixed hex. */
  storage: Map<string, string>;
  /** Nothing there before the transaction (no balance, nonce or code), judged when first looked up as geth does. */
  empty: boolean;
}

const ZERO_WORD = '0'.repeat(64);
/** When EIP-6780 applies, SELFDESTRUCT deletes only accounts created in the same transaction (Cancun and later: always here). */
const EIP_6780 = true;

/**
 * geth's prestateTracer: every account the transaction touches (sender, recipient, fee
 * recipient, call targets, accounts whose balance or code it reads, created contracts) and every
 * storage slot it reads or writes, as they were before the transaction. In diffMode, `pre` keeps
 * only what changed and `post` holds the new values (slots that became zero are left out of
 * `post`, and self-destructed accounts are absent from it).
 */
export class PrestateTracer implements ExecutionTracer {
  private readonly pre = new Map<string, AccountState>();
  private readonly post = new Map<string, PrestateAccountJson>();
  private readonly created = new Set<string>();
  private readonly deleted = new Set<string>();
  private start: TxStart | undefined;

  constructor(private readonly config: PrestateTracerConfig) {}

  onTxStart(start: TxStart): void {
    this.start = start;
    if (start.isCreate) this.created.add(start.to);
    else this.lookupDelegationTarget(start.to);
    this.lookupAccount(start.from);
    this.lookupAccount(start.to);
    this.lookupAccount(start.coinbase);
    for (const authority of start.authorities) this.lookupAccount(authority);
  }

  onOpcode(step: OpcodeStep): void {
    const stack = step.stack;
    const top = stack.length - 1;
    switch (step.op) {
      case OP.SLOAD:
      case OP.SSTORE:
        if (top >= 0) this.lookupStorage(step.address, stack[top]!.toString(16).padStart(64, '0'));
        return;
      case OP.EXTCODECOPY:
      case OP.EXTCODEHASH:
      case OP.EXTCODESIZE:
      case OP.BALANCE:
      case OP.SELFDESTRUCT:
        if (top < 0) return;
        this.lookupAccount(addressWord(stack[top]!));
        if (step.op === OP.SELFDESTRUCT && (!EIP_6780 || this.created.has(step.address))) this.deleted.add(step.address);
        return;
      case OP.CALL:
      case OP.CALLCODE:
      case OP.DELEGATECALL:
      case OP.STATICCALL: {
        if (top < 4) return;
        const target = addressWord(stack[top - 1]!);
        this.lookupAccount(target);
        this.lookupDelegationTarget(target);
        return;
      }
      case OP.CREATE: {
        const nonce = this.start?.live.account(step.address)?.nonce ?? 0n;
        const address = Buffer.from(generateAddress(Buffer.from(step.address, 'hex'), bigIntToBytes(nonce))).toString('hex');
        this.lookupAccount(address);
        this.created.add(address);
        return;
      }
      case OP.CREATE2: {
        if (top < 3) return;
        const initCode = memoryCopy(step.memory, stack[top - 1]!, stack[top - 2]!);
        const salt = Buffer.from(stack[top - 3]!.toString(16).padStart(64, '0'), 'hex');
        const address = Buffer.from(generateAddress2(Buffer.from(step.address, 'hex'), salt, initCode)).toString('hex');
        this.lookupAccount(address);
        this.created.add(address);
        return;
      }
    }
  }

  onTxEnd(end: TxEnd): void {
    if (this.config.diffMode) this.computeDiff(end.post);
    if (this.config.includeEmpty) return;
    for (const [address, account] of this.pre) if (account.empty) this.pre.delete(address);
  }

  result(): PrestateJson | { post: PrestateJson; pre: PrestateJson } {
    const pre = sortedObject([...this.pre].map(([address, account]) => [address, this.accountJson(account)]));
    if (!this.config.diffMode) return pre;
    return { post: sortedObject([...this.post]), pre };
  }

  private computeDiff(post: StateReader): void {
    for (const [address, before] of this.pre) {
      if (this.deleted.has(address)) continue;
      const after = post.account(address);
      const changes: PrestateAccountJson = {};
      let modified = false;
      const balance = after?.balance ?? 0n;
      if (balance !== before.balance) {
        modified = true;
        changes.balance = toQuantity(balance);
      }
      const nonce = after?.nonce ?? 0n;
      if (nonce !== before.nonce) {
        modified = true;
        changes.nonce = Number(nonce);
      }
      const codeHash = after ? Buffer.from(after.codeHash).toString('hex') : EMPTY_CODE_HASH;
      if (codeHash !== before.codeHash) {
        modified = true;
        changes.codeHash = `0x${codeHash}`;
        if (!this.config.disableCode) changes.code = bytesToHex(codeOf(post, address));
      }
      if (!this.config.disableStorage) {
        const storage: Record<string, string> = {};
        for (const [slot, value] of [...before.storage]) {
          const now = Buffer.from(post.storage(address, slot)).toString('hex').padStart(64, '0');
          // Unchanged slots and slots that were zero leave the pre-state.
          if (value === ZERO_WORD || value === now) before.storage.delete(slot);
          if (value === now) continue;
          modified = true;
          if (now !== ZERO_WORD) storage[`0x${slot}`] = `0x${now}`;
        }
        if (Object.keys(storage).length > 0) changes.storage = sortedObject(Object.entries(storage));
      }
      if (modified) this.post.set(`0x${address}`, reorder(changes));
      else this.pre.delete(address);
    }
  }

  private lookupAccount(address: string): void {
    if (this.pre.has(address) || !this.start) return;
    const pre = this.start.pre;
    const account = pre.account(address);
    const code = codeOf(pre, address);
    const state: AccountState = {
      balance: account?.balance ?? 0n,
      nonce: account?.nonce ?? 0n,
      code,
      codeHash: code.length > 0 ? Buffer.from(keccak256(code)).toString('hex') : EMPTY_CODE_HASH,
      storage: new Map(),
      empty: false,
    };
    state.empty = state.balance === 0n && state.nonce === 0n && code.length === 0;
    this.pre.set(address, state);
  }

  /** Looks up the account an EIP-7702 delegation designator (0xef0100 ‖ address) points to. */
  private lookupDelegationTarget(address: string): void {
    if (!this.start) return;
    const code = codeOf(this.start.live, address);
    if (code.length === 23 && code[0] === 0xef && code[1] === 0x01 && code[2] === 0x00) this.lookupAccount(Buffer.from(code.subarray(3)).toString('hex'));
  }

  private lookupStorage(address: string, slot: string): void {
    if (this.config.disableStorage || !this.start) return;
    this.lookupAccount(address);
    const account = this.pre.get(address)!;
    if (account.storage.has(slot)) return;
    account.storage.set(slot, Buffer.from(this.start.pre.storage(address, slot)).toString('hex').padStart(64, '0'));
  }

  private accountJson(account: AccountState): PrestateAccountJson {
    const json: PrestateAccountJson = { balance: toQuantity(account.balance) };
    if (!this.config.disableCode && account.code.length > 0) json.code = bytesToHex(account.code);
    if (account.codeHash !== EMPTY_CODE_HASH) json.codeHash = `0x${account.codeHash}`;
    if (account.nonce > 0n) json.nonce = Number(account.nonce);
    if (!this.config.disableStorage && account.storage.size > 0) {
      json.storage = sortedObject([...account.storage].map(([slot, value]) => [`0x${slot}`, `0x${value}`]));
    }
    return json;
  }
}

/** geth's field order: balance, code, codeHash, nonce, storage. */
function reorder(account: PrestateAccountJson): PrestateAccountJson {
  const { balance, code, codeHash, nonce, storage } = account;
  return {
    ...(balance === undefined ? {} : { balance }),
    ...(code === undefined ? {} : { code }),
    ...(codeHash === undefined ? {} : { codeHash }),
    ...(nonce === undefined ? {} : { nonce }),
    ...(storage === undefined ? {} : { storage }),
  };
}

function sortedObject<V>(entries: Array<[string, V]>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[key.startsWith('0x') ? key : `0x${key}`] = value;
  return out;
}

function addressWord(value: bigint): string {
  return (value & ((1n << 160n) - 1n)).toString(16).padStart(40, '0');
}

function memoryCopy(memory: Uint8Array, offset: bigint, size: bigint): Uint8Array {
  const out = new Uint8Array(Number(size > 0x1000000n ? 0n : size));
  const start = Number(offset);
  if (start < memory.length) out.set(memory.subarray(start, Math.min(memory.length, start + out.length)));
  return out;
}
