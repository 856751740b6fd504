import { gunzipSync, gzipSync } from 'node:zlib';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import { codeOf, EMPTY_CODE_HASH } from '../../execution/StateReader.js';
import type { Hex } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { StateEditPort } from '../../sequencer/StateEdit.js';
import type { Storage } from '../../storage/Storage.js';
import { type DumpedAccount, parseStateDump, type StateDump, stateDumpToJson } from './serializableState.js';

/** The first bytes of a gzip stream. */
const GZIP_MAGIC = [0x1f, 0x8b];
/** Key-space prefixes of the flat state (storage/stateKeys.ts): 'a' ‖ address, 's' ‖ address ‖ slot. */
const ACCOUNT_PREFIX = new Uint8Array([0x61]);
const STORAGE_PREFIX = new Uint8Array([0x73]);

/**
 * anvil_dumpState / anvil_loadState and the --dump-state / --load-state files, in Anvil's format
 * (services/dev/serializableState.ts).
 *
 * A dump is the pending state: every account and every non-zero slot, as one chain view shows
 * them (keys are enumerated from storage, values read through the view, so a dump never mixes
 * two moments). Loading is one state edit, so it is pre-confirmed, durable and in the next state
 * root like any other; it follows Anvil's rules: each account of the dump gets the dump's balance
 * and code, its nonce becomes the larger of the two, its slots are written (others are kept);
 * accounts not in the dump are left alone. A dump of a node loaded into a fresh node of the same
 * genesis therefore gives the same state root.
 */
export class StateDumps {
  constructor(
    private readonly parts: {
      views: ViewSource;
      storage: Storage;
      port: StateEditPort;
    },
  ) {}

  /** The dump as Anvil's JSON text (the --dump-state file). */
  dumpJson(): string {
    return stateDumpToJson(this.collect(this.parts.views.current()));
  }

  /** anvil_dumpState: the JSON dump, gzipped, as 0x-hex. */
  dumpState(): Hex {
    return `0x${gzipSync(this.dumpJson()).toString('hex')}`;
  }

  /** anvil_loadState: a dump as bytes, gzipped (what anvil_dumpState returns) or plain JSON; -32602 "Failed to decode state dump" when it is neither. */
  async loadState(bytes: Uint8Array): Promise<boolean> {
    let dump: StateDump;
    try {
      const text = (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1] ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');
      dump = parseStateDump(text);
    } catch {
      throw new InvalidArgumentError('Failed to decode state dump');
    }
    await this.load(dump, 'loadState');
    return true;
  }

  /** Loads a dump's JSON text (the --load-state file); throws TypeError with the reason when it is not one. */
  async loadJson(text: string, source: string): Promise<number> {
    const dump = parseStateDump(text);
    await this.load(dump, source);
    return dump.accounts.size;
  }

  private load(dump: StateDump, source: string): Promise<void> {
    return this.parts.port.editState({
      description: `${source}: ${dump.accounts.size} accounts`,
      apply: async (state) => {
        for (const [address, account] of dump.accounts) {
          const target = Buffer.from(address, 'hex');
          const existing = await state.account(target);
          const nonce = existing?.nonce ?? 0n;
          await state.setNonce(target, account.nonce > nonce ? account.nonce : nonce);
          await state.setBalance(target, account.balance);
          const hasCode = existing !== undefined && Buffer.from(existing.codeHash).toString('hex') !== EMPTY_CODE_HASH;
          if (account.code.length > 0 || hasCode) await state.setCode(target, account.code);
          for (const [slot, value] of account.storage) await state.setStorage(target, Buffer.from(slot, 'hex'), value);
        }
      },
    });
  }

  private collect(view: ChainView): StateDump {
    const { storage } = this.parts;
    const state = view.pendingState;
    const accounts = new Map<string, DumpedAccount>();
    for (const key of storage.versionedKeys(ACCOUNT_PREFIX)) {
      const address = Buffer.from(key.subarray(1)).toString('hex');
      const account = state.account(address);
      if (!account) continue;
      accounts.set(address, { nonce: account.nonce, balance: account.balance, code: codeOf(state, address), storage: new Map() });
    }
    for (const key of storage.versionedKeys(STORAGE_PREFIX)) {
      const address = Buffer.from(key.subarray(1, 21)).toString('hex');
      const slot = Buffer.from(key.subarray(21)).toString('hex');
      const account = accounts.get(address);
      const value = account ? state.storage(address, slot) : undefined;
      if (account && value && value.length > 0) account.storage.set(slot, value);
    }
    const head = view.head;
    return {
      accounts,
      block: {
        number: head.number,
        beneficiary: head.miner,
        timestamp: head.timestamp,
        gas_limit: BigInt(head.gasLimit),
        basefee: BigInt(head.baseFeePerGas ?? 0),
        difficulty: head.difficulty,
        prevrandao: head.mixHash,
        blob_excess_gas_and_price: { excess_blob_gas: BigInt(head.excessBlobGas ?? 0), blob_gasprice: 1n },
      },
      bestBlockNumber: view.headNumber,
      headHeader: headerOf(head),
    };
  }
}

/** A sealed block's header fields (the RPC block without body fields), as Anvil's `blocks[].header` reads them. */
function headerOf(block: ChainView['head']): Record<string, unknown> {
  const { transactions: _transactions, uncles: _uncles, withdrawals: _withdrawals, size: _size, ...header } = block;
  return header;
}
