import type { Common } from '@ethereumjs/common';
import { Erc20SlotNotFoundError } from '../../errors/Erc20SlotNotFoundError.js';
import type { UseVm } from '../../execution/callWorker/executeCallJob.js';
import type { StateWriter } from '../../execution/StateWriter.js';
import { bigintToBytes, bytesToHex, hexToBytes } from '../../primitives/hex.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { StateEdit, StateEditPort } from '../../sequencer/StateEdit.js';
import type { BlockSelection } from '../BlockSelection.js';
import { addressCall, findErc20Slot } from './findErc20Slot.js';

const MAX_UINT256 = 2n ** 256n - 1n;
/** Anvil stores a nonce as a u64 and saturates larger ones. */
const MAX_NONCE = 2n ** 64n - 1n;

/** What the state edits work with: the sequencer's state-edit port, and what the ERC-20 probe reads. */
export interface DevStateEditParts {
  port: StateEditPort;
  views: ViewSource;
  selection: BlockSelection;
  common: Common;
  use: UseVm;
  gasCap: bigint;
}

/**
 * The dev methods that change state directly (anvil_setBalance, anvil_addBalance, anvil_setCode,
 * anvil_setNonce, anvil_setStorageAt, anvil_dealERC20, anvil_setERC20Allowance and their hardhat_
 * names). Each is one {@link StateEdit} through the sequencer's port: pre-confirmed in order with
 * transactions in a sub-block of its own, durable and visible in "pending" when the call returns,
 * in the next sealed block's state root (so "latest" shows it after the next seal).
 *
 * Edits read the state they change inside the edit (addBalance adds to the balance at that point
 * of the order), and never create an empty account: setting a missing account's balance or nonce
 * to 0 leaves it missing, as a transaction touching it would (EIP-161). Writing a slot of a
 * missing account creates the account, or the slot would not be part of the state trie.
 */
export class DevStateEdits {
  constructor(private readonly parts: DevStateEditParts) {}

  setBalance(address: Uint8Array, balance: bigint): Promise<void> {
    return this.edit(`setBalance ${bytesToHex(address)} ${balance}`, async (state) => {
      if (balance === 0n && !(await state.account(address))) return;
      await state.setBalance(address, balance);
    });
  }

  /** Adds to the balance, saturating at 2^256 - 1 (Anvil's saturating_add). */
  addBalance(address: Uint8Array, amount: bigint): Promise<void> {
    return this.edit(`addBalance ${bytesToHex(address)} ${amount}`, async (state) => {
      const current = (await state.account(address))?.balance;
      if (amount === 0n && current === undefined) return;
      const sum = (current ?? 0n) + amount;
      await state.setBalance(address, sum > MAX_UINT256 ? MAX_UINT256 : sum);
    });
  }

  setCode(address: Uint8Array, code: Uint8Array): Promise<void> {
    return this.edit(`setCode ${bytesToHex(address)} (${code.length} bytes)`, async (state) => {
      if (code.length === 0 && !(await state.account(address))) return;
      await state.setCode(address, code);
    });
  }

  /** Sets the nonce; above 2^64 - 1 it is 2^64 - 1 (Anvil's u64). */
  setNonce(address: Uint8Array, nonce: bigint): Promise<void> {
    const stored = nonce > MAX_NONCE ? MAX_NONCE : nonce;
    return this.edit(`setNonce ${bytesToHex(address)} ${stored}`, async (state) => {
      if (stored === 0n && !(await state.account(address))) return;
      await state.setNonce(address, stored);
    });
  }

  /** Writes one slot (32-byte slot and value). */
  setStorageAt(address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void> {
    return this.edit(`setStorageAt ${bytesToHex(address)} ${bytesToHex(slot)} ${bytesToHex(value)}`, async (state) => {
      const exists = (await state.account(address)) !== undefined;
      if (!exists && value.every((byte) => byte === 0)) return;
      if (!exists) await state.setNonce(address, 0n);
      await state.setStorage(address, slot, value);
    });
  }

  /** Sets `owner`'s balance of the ERC-20 `token` by writing the slot `balanceOf(owner)` reads. */
  async dealErc20(owner: Uint8Array, token: Uint8Array, amount: bigint): Promise<void> {
    const slot = await this.erc20Slot(token, addressCall('balanceOf(address)', owner), 'balance');
    await this.setStorageAt(token, slot, word(amount));
  }

  /** Sets `owner`'s allowance for `spender` on `token` by writing the slot `allowance(owner, spender)` reads. */
  async setErc20Allowance(owner: Uint8Array, spender: Uint8Array, token: Uint8Array, amount: bigint): Promise<void> {
    const slot = await this.erc20Slot(token, addressCall('allowance(address,address)', owner, spender), 'allowance');
    await this.setStorageAt(token, slot, word(amount));
  }

  private async erc20Slot(token: Uint8Array, calldata: Uint8Array, what: 'balance' | 'allowance'): Promise<Uint8Array> {
    const { views, selection, common, use, gasCap } = this.parts;
    const view = views.current();
    const probe = { common, use, gasCap, state: view.pendingState, environment: selection.pendingEnvironment(view) };
    const slot = await findErc20Slot(probe, token, calldata);
    if (slot === undefined) throw new Erc20SlotNotFoundError(what);
    return hexToBytes(`0x${slot}`);
  }

  private edit(description: string, apply: (state: StateWriter) => Promise<void>): Promise<void> {
    const edit: StateEdit = { description, apply };
    return this.parts.port.editState(edit);
  }
}

/** A 32-byte big-endian word. */
function word(value: bigint): Uint8Array {
  const bytes = bigintToBytes(value);
  const out = new Uint8Array(32);
  out.set(bytes, 32 - bytes.length);
  return out;
}
