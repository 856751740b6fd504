import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { OriginalStorageCache } from '@ethereumjs/statemanager';
import { Account, type Address, equalsBytes } from '@ethereumjs/util';
import { keccak256 } from '../primitives/keccak.js';
import type { StateChanges } from './StateChanges.js';
import { EMPTY_CODE_HASH, type StateReader } from './StateReader.js';

type JournalEntry =
  | { kind: 'account'; address: string; previous: Account | null | undefined }
  | { kind: 'storage'; address: string; slot: string; previous: Uint8Array | undefined }
  | { kind: 'code'; hash: string; previous: Uint8Array | undefined };

const EMPTY = new Uint8Array(0);
const EMPTY_CODE_HASH_BYTES = Buffer.from(EMPTY_CODE_HASH, 'hex');
/** The EIP-7702 delegation prefix: code runTx accepts from a transaction's sender. */
const DELEGATION_MARKER = Uint8Array.from([0xef, 0x01, 0x00]);

/**
 * A state-root source for executions that keep no receipts (calls, trace replays): receipts before
 * Byzantium ask for the state root after each transaction, and these get the zero hash instead.
 */
export const NO_KEPT_STATE_ROOTS = async (): Promise<Uint8Array> => new Uint8Array(32);

/**
 * A state manager for @ethereumjs/vm that keeps a flat overlay of writes over a
 * {@link StateReader}, with an undo journal for checkpoints.
 *
 * Why not the stock Merkle state manager: it updates a trie on every write and measured
 * ~1.2 ms per transfer; here a write is a Map set plus a journal entry, and the state root is
 * computed once per sealed block from the change set (execution/applyStateChanges.ts). Checkpoints cost
 * O(1) and revert undoes only what changed since, unlike SimpleStateManager which copies its
 * maps on every checkpoint.
 *
 * State roots are not computed here: nothing in transaction execution needs them under
 * post-Byzantium rules, so getStateRoot throws unless a block executor lends a way to compute one
 * ({@link computeStateRootsWith}: receipts before Byzantium carry the state root after each tx).
 */
export class FlatStateManager implements StateManagerInterface {
  originalStorageCache: OriginalStorageCache;
  private base: StateReader;
  private accounts = new Map<string, Account | null>();
  private slots = new Map<string, Map<string, Uint8Array>>();
  private codes = new Map<string, Uint8Array>();
  private journal: JournalEntry[] = [];
  private checkpoints: number[] = [];
  private stateRootSource: ((changes: StateChanges) => Promise<Uint8Array>) | undefined;
  /** The sender exempt from runTx's code check in this transaction (see {@link exemptSenderFromCodeCheck}). */
  private codeCheckExemption: string | undefined;
  /** True until the exempt sender's account has been read once (the read runTx checks). */
  private codeHiddenFromNextRead = false;
  /** See {@link passNextSenderCheck}. */
  private senderWithCode: string | undefined;

  constructor(base: StateReader) {
    this.base = base;
    this.originalStorageCache = new OriginalStorageCache(this.getStorage.bind(this));
  }

  /** Drops every write (and any state-root source) and reads from `base` from now on, so one VM can serve many executions. */
  reset(base: StateReader): void {
    this.base = base;
    this.stateRootSource = undefined;
    this.accounts = new Map();
    this.slots = new Map();
    this.codes = new Map();
    this.journal = [];
    this.checkpoints = [];
    this.endSenderCodeExemption();
    this.senderWithCode = undefined;
    this.originalStorageCache.clear();
  }

  /**
   * Lets `address` send the next transaction although it has code. runTx refuses a sender with
   * code (EIP-3607) and has no switch for it, so the first read of the account (the one runTx
   * checks) shows the empty code hash; runTx then writes that account object back (fees, nonce)
   * and every such write keeps the real code hash. Later reads, and calls into the sender, see
   * its code. geth skips the check for eth_call and eth_estimateGas, Anvil for impersonated
   * senders. Lasts until {@link endSenderCodeExemption} (or a reset).
   */
  exemptSenderFromCodeCheck(address: Uint8Array): void {
    this.codeCheckExemption = Buffer.from(address).toString('hex');
    this.codeHiddenFromNextRead = true;
  }

  /** Ends the exemption once the transaction has run (or was refused). */
  endSenderCodeExemption(): void {
    this.codeCheckExemption = undefined;
    this.codeHiddenFromNextRead = false;
  }

  /** The writes so far, handing ownership to the caller; the overlay starts empty again. */
  takeChanges(): StateChanges {
    const changes: StateChanges = { accounts: this.accounts, storage: this.slots, code: this.codes };
    this.reset(this.base);
    return changes;
  }

  /**
   * Lets getStateRoot answer: `source` computes the root of the base with the given writes on top (the
   * writes so far, not handed over: the source must not keep or change them). Undefined withdraws it.
   */
  computeStateRootsWith(source: ((changes: StateChanges) => Promise<Uint8Array>) | undefined): void {
    this.stateRootSource = source;
  }

  /** A reader of this overlay on top of its base (for views that must see uncommitted writes). */
  asReader(): StateReader {
    return {
      account: (address) => this.readAccount(address) ?? undefined,
      storage: (address, slot) => this.readStorage(address, slot),
      code: (hash) => this.codes.get(hash) ?? this.base.code(hash),
    };
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const id = key(address);
    const account = this.readAccount(id);
    if (!account) return undefined;
    const copy = copyAccount(account);
    if (id === this.codeCheckExemption && this.codeHiddenFromNextRead) {
      this.codeHiddenFromNextRead = false;
      copy.codeHash = Uint8Array.from(EMPTY_CODE_HASH_BYTES);
    }
    return copy;
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    const id = key(address);
    const copy = account ? copyAccount(account) : null;
    // The object runTx writes back is the one whose code hash was hidden: keep the real one.
    if (copy && id === this.codeCheckExemption && equalsBytes(copy.codeHash, EMPTY_CODE_HASH_BYTES)) {
      const stored = this.readAccount(id);
      if (stored) copy.codeHash = stored.codeHash;
    }
    this.writeAccount(id, copy);
  }

  async deleteAccount(address: Address): Promise<void> {
    this.writeAccount(key(address), null);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const id = key(address);
    const current = this.readAccount(id);
    const account = current ? copyAccount(current) : new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    if (fields.storageRoot !== undefined) account.storageRoot = fields.storageRoot;
    if (fields.codeHash !== undefined) account.codeHash = fields.codeHash;
    this.writeAccount(id, account);
  }

  /** Writes `changes` (a state edit's, replayed) into the overlay, journaled like any write. */
  applyChanges(changes: StateChanges): void {
    for (const [hash, code] of changes.code) {
      this.journal.push({ kind: 'code', hash, previous: this.codes.get(hash) });
      this.codes.set(hash, code);
    }
    for (const [address, account] of changes.accounts) this.writeAccount(address, account ? copyAccount(account) : null);
    for (const [address, slots] of changes.storage) {
      let overlay = this.slots.get(address);
      if (!overlay) {
        overlay = new Map();
        this.slots.set(address, overlay);
      }
      for (const [slot, value] of slots) {
        this.journal.push({ kind: 'storage', address, slot, previous: overlay.get(slot) });
        overlay.set(slot, value);
      }
    }
  }

  async putCode(address: Address, code: Uint8Array): Promise<void> {
    const codeHash = keccak256(code);
    const hash = Buffer.from(codeHash).toString('hex');
    this.journal.push({ kind: 'code', hash, previous: this.codes.get(hash) });
    this.codes.set(hash, code);
    await this.modifyAccountFields(address, { codeHash });
  }

  /**
   * Lets the next transaction from `address` through runTx's EIP-3607 check (a sender must not
   * hold code), which geth skips for calls and simulations: the next code read of `address`
   * answers an EIP-7702 delegation marker, which runTx lets send; later reads see the real code.
   * Arm it only for a sender that holds code (runTx reads its code only then), and disarm it with
   * `undefined` once the transaction ran.
   */
  passNextSenderCheck(address: Uint8Array | undefined): void {
    this.senderWithCode = address === undefined ? undefined : Buffer.from(address).toString('hex');
  }

  async getCode(address: Address): Promise<Uint8Array> {
    if (this.senderWithCode !== undefined && this.senderWithCode === key(address)) {
      this.senderWithCode = undefined;
      return DELEGATION_MARKER;
    }
    const account = this.readAccount(key(address));
    if (!account) return EMPTY;
    const hash = Buffer.from(account.codeHash).toString('hex');
    if (hash === EMPTY_CODE_HASH) return EMPTY;
    return this.codes.get(hash) ?? this.base.code(hash);
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, slot: Uint8Array): Promise<Uint8Array> {
    return this.readStorage(key(address), Buffer.from(slot).toString('hex'));
  }

  async putStorage(address: Address, slot: Uint8Array, value: Uint8Array): Promise<void> {
    const id = key(address);
    const slotKey = Buffer.from(slot).toString('hex');
    let slots = this.slots.get(id);
    if (!slots) {
      slots = new Map();
      this.slots.set(id, slots);
    }
    this.journal.push({ kind: 'storage', address: id, slot: slotKey, previous: slots.get(slotKey) });
    slots.set(slotKey, stripZeros(value));
  }

  /**
   * Clears the overlay's slots of the account. Pre-existing persisted slots are not erased:
   * since Cancun this is only reached for contract creation at a fresh address (EIP-6780), where
   * the base holds no storage.
   */
  async clearStorage(address: Address): Promise<void> {
    const id = key(address);
    const slots = this.slots.get(id);
    if (!slots) return;
    for (const [slot, value] of slots) {
      this.journal.push({ kind: 'storage', address: id, slot, previous: value });
      slots.set(slot, EMPTY);
    }
  }

  async checkpoint(): Promise<void> {
    this.checkpoints.push(this.journal.length);
  }

  async commit(): Promise<void> {
    this.checkpoints.pop();
    // The outermost commit makes the writes final: the undo log is no longer needed.
    if (this.checkpoints.length === 0) this.journal.length = 0;
  }

  async revert(): Promise<void> {
    const mark = this.checkpoints.pop() ?? 0;
    for (let index = this.journal.length - 1; index >= mark; index--) this.undo(this.journal[index]!);
    this.journal.length = mark;
  }

  async getStateRoot(): Promise<Uint8Array> {
    if (!this.stateRootSource) throw new Error('state roots are computed at seal time, not by the execution state manager');
    return this.stateRootSource({ accounts: this.accounts, storage: this.slots, code: this.codes });
  }

  async setStateRoot(): Promise<void> {
    throw new Error('setStateRoot is not supported by the flat state manager');
  }

  async hasStateRoot(): Promise<boolean> {
    return false;
  }

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    return new FlatStateManager(this.asReader());
  }

  private readAccount(id: string): Account | null | undefined {
    const overlaid = this.accounts.get(id);
    if (overlaid !== undefined) return overlaid;
    return this.base.account(id);
  }

  private readStorage(id: string, slot: string): Uint8Array {
    const overlaid = this.slots.get(id)?.get(slot);
    if (overlaid !== undefined) return overlaid;
    return this.base.storage(id, slot);
  }

  private writeAccount(id: string, account: Account | null): void {
    this.journal.push({ kind: 'account', address: id, previous: this.accounts.get(id) });
    this.accounts.set(id, account);
  }

  private undo(entry: JournalEntry): void {
    if (entry.kind === 'account') {
      if (entry.previous === undefined) this.accounts.delete(entry.address);
      else this.accounts.set(entry.address, entry.previous);
    } else if (entry.kind === 'storage') {
      const slots = this.slots.get(entry.address);
      if (!slots) return;
      if (entry.previous === undefined) slots.delete(entry.slot);
      else slots.set(entry.slot, entry.previous);
    } else if (entry.previous === undefined) this.codes.delete(entry.hash);
    else this.codes.set(entry.hash, entry.previous);
  }
}

function key(address: Address): string {
  return Buffer.from(address.bytes).toString('hex');
}

function copyAccount(account: Account): Account {
  return new Account(account.nonce, account.balance, account.storageRoot, account.codeHash);
}

function stripZeros(value: Uint8Array): Uint8Array {
  let start = 0;
  while (start < value.length && value[start] === 0) start++;
  return start === 0 ? value : value.subarray(start);
}
