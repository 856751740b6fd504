import { Account } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { keccak256 } from '../../primitives/keccak.js';
import { EMPTY_CODE_HASH, type StateReader } from '../StateReader.js';
import { OverrideStateReader } from './OverrideStateReader.js';
import type { StateOverride } from './StateOverride.js';

const A = 'aa'.repeat(20);
const B = 'bb'.repeat(20);
const FRESH = 'cc'.repeat(20);
const SLOT_1 = '00'.repeat(31) + '01';
const SLOT_2 = '00'.repeat(31) + '02';
const OLD_CODE = Uint8Array.from([0x60, 0x00]);
const OLD_CODE_HASH = Buffer.from(keccak256(OLD_CODE)).toString('hex');

/** A base with account A (nonce 3, balance 100, code, slots 1 and 2) and B (balance 5). */
function base(): StateReader {
  const accounts = new Map([
    [A, new Account(3n, 100n, undefined, keccak256(OLD_CODE))],
    [B, new Account(0n, 5n)],
  ]);
  const slots = new Map([
    [`${A}:${SLOT_1}`, Uint8Array.from([1])],
    [`${A}:${SLOT_2}`, Uint8Array.from([2])],
  ]);
  return {
    account: (address) => accounts.get(address),
    storage: (address, slot) => slots.get(`${address}:${slot}`) ?? new Uint8Array(0),
    code: (hash) => (hash === OLD_CODE_HASH ? OLD_CODE : new Uint8Array(0)),
  };
}

const word = (byte: number) => {
  const value = new Uint8Array(32);
  value[31] = byte;
  return value;
};

describe('OverrideStateReader', () => {
  it('replaces nonce, balance and code, keeping what is not overridden', () => {
    const code = Uint8Array.from([0x60, 0x01, 0x60, 0x00]);
    const state = new OverrideStateReader(base(), new Map([[A, { balance: 7n, code }]]));
    const account = state.account(A)!;
    expect([account.nonce, account.balance]).toEqual([3n, 7n]);
    expect(state.code(Buffer.from(account.codeHash).toString('hex'))).toEqual(code);
    expect(state.storage(A, SLOT_1)).toEqual(Uint8Array.from([1]));
    expect(state.account(B)!.balance).toBe(5n);
  });

  it('"state" replaces the whole storage; "stateDiff" sets slots on top', () => {
    const whole = new OverrideStateReader(base(), new Map([[A, { state: new Map([[SLOT_2, word(9)]]) }]]));
    expect(whole.storage(A, SLOT_1)).toEqual(new Uint8Array(0));
    expect(whole.storage(A, SLOT_2)).toEqual(Uint8Array.from([9]));
    expect(whole.clearedStorage).toEqual(new Set([A]));
    const diff = new OverrideStateReader(base(), new Map([[A, { stateDiff: new Map([[SLOT_2, word(0)]]) }]]));
    expect(diff.storage(A, SLOT_1)).toEqual(Uint8Array.from([1]));
    // A zero word is stored as no bytes, as every StateReader holds zero.
    expect(diff.storage(A, SLOT_2)).toEqual(new Uint8Array(0));
    expect(diff.clearedStorage.size).toBe(0);
  });

  it('creates an account that did not exist; an override without state fields changes nothing', () => {
    const override: StateOverride = new Map([
      [FRESH, { nonce: 1n }],
      [B, { movePrecompileToAddress: FRESH }],
    ]);
    const state = new OverrideStateReader(base(), override);
    const fresh = state.account(FRESH)!;
    expect([fresh.nonce, fresh.balance, Buffer.from(fresh.codeHash).toString('hex')]).toEqual([1n, 0n, EMPTY_CODE_HASH]);
    expect(state.account(B)!.balance).toBe(5n);
    expect([...state.changes.accounts.keys()]).toEqual([FRESH]);
  });

  it('keeps what it wrote as state changes, for a state root', () => {
    const state = new OverrideStateReader(base(), new Map([[B, { balance: 1n, stateDiff: new Map([[SLOT_1, word(4)]]) }]]));
    expect(state.changes.accounts.get(B)!.balance).toBe(1n);
    expect(state.changes.storage.get(B)).toEqual(new Map([[SLOT_1, Uint8Array.from([4])]]));
  });
});
