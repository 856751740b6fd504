import type { Common } from '@ethereumjs/common';
import { Account } from '@ethereumjs/util';
import { buildSealedBlock } from '../chain/buildSealedBlock.js';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import { encodeReceipt, orBloom } from '../chain/receiptEncoding.js';
import { recordKeys } from '../chain/recordKeys.js';
import type { StoredReceipt } from '../chain/records.js';
import { EMPTY_TRIE_ROOT, orderedTrieRoot } from '../chain/trieRoot.js';
import type { GenesisAccount } from '../config/ChainSpec.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { emptyStateChanges, type StateChanges } from '../execution/StateChanges.js';
import type { StateReader } from '../execution/StateReader.js';
import type { TrieNodeStore } from '../execution/TrieNodeStore.js';
import { type WorldState, writeStateChanges } from '../execution/WorldState.js';
import { bigintToBytes, bytesToHex, type Hex, hexToBytes, padBytes } from '../primitives/hex.js';
import { keccak256 } from '../primitives/keccak.js';
import { type Storage, WriteBatch } from '../storage/Storage.js';
import type { BlockParameters } from './BlockParameters.js';
import { OpenBlock } from './OpenBlock.js';
import { openBlockAfter } from './openBlockAfter.js';

/** The genesis allocation and header parameters. */
export interface GenesisSpec {
  chainId: bigint;
  /** The genesis state by 0x-prefixed address (any case): balance, nonce, code and storage of each account. */
  alloc: Map<Hex, GenesisAccount>;
  gasLimit: bigint;
  baseFeePerGas: bigint;
  coinbase: Uint8Array;
}

const EMPTY_STATE: StateReader = { account: () => undefined, storage: () => new Uint8Array(0), code: () => new Uint8Array(0) };

/**
 * Brings the chain to a state where the sequencer can run: writes genesis on an empty store, or
 * picks up where the last run stopped. The open block is rebuilt from its durable sub-blocks
 * (no re-execution: their state is already stored), so restart time depends on the open
 * block's size only, never on the chain's length.
 */
export async function bootChain(options: {
  common: Common;
  storage: Storage;
  chain: ChainReader;
  chainWriter: ChainWriter;
  world: WorldState;
  trieNodes: TrieNodeStore;
  genesis: GenesisSpec;
  /** What a fresh open block is stamped with. */
  parameters: BlockParameters;
  now: number;
}): Promise<{ openBlock: OpenBlock; createdGenesis: boolean }> {
  const { storage, chain } = options;
  let createdGenesis = false;
  if (!chain.head()) {
    await writeGenesis(options);
    createdGenesis = true;
  }
  const storedChainId = storage.getRecord<string>(recordKeys.chainId);
  if (storedChainId !== undefined && BigInt(storedChainId) !== options.genesis.chainId) {
    throw new Error(
      `the data directory holds chain id ${BigInt(storedChainId)}, not ${options.genesis.chainId}; use another --data-dir or the matching --chain-id`,
    );
  }
  const head = chain.head()!;
  const parent = chain.blockByNumber(head.number)!;
  const subBlocks = chain.subBlocks().filter((subBlock) => subBlock.blockNumber === head.number + 1);
  if (subBlocks.length === 0) return { openBlock: openBlockAfter(parent, options.parameters, options.now), createdGenesis };

  const first = subBlocks[0]!;
  // Its slots restart now if its second lies ahead (the chain may run ahead of the wall clock).
  const openedAtMs = Math.min(first.timestamp * 1000, options.now);
  const open = new OpenBlock({
    number: head.number + 1,
    timestamp: BigInt(first.timestamp),
    baseFeePerGas: BigInt(first.baseFeePerGas),
    gasLimit: first.gasLimit === undefined ? options.genesis.gasLimit : BigInt(first.gasLimit),
    coinbase: first.miner === undefined ? options.genesis.coinbase : hexToBytes(first.miner),
    parentHash: hexToBytes(parent.hash),
    parentStateRoot: hexToBytes(parent.stateRoot),
    openedAtMs,
    notBeforeMs: openedAtMs,
    spends: {},
  });
  let previousGas = 0n;
  for (const subBlock of subBlocks) {
    const records = subBlock.transactionHashes.map((hash) => chain.transaction(hash)!);
    const sealInputs = records.map((record) => ({
      hash: record.fields.hash as Hex,
      raw: hexToBytes(record.raw),
      receipt: encodeStoredReceipt(record.receipt),
    }));
    const gas = BigInt(subBlock.cumulativeGasUsed);
    const bloom = new Uint8Array(256);
    for (const record of records) orBloom(bloom, hexToBytes(record.receipt.logsBloom));
    open.append({
      subBlock,
      sealInputs,
      records,
      changes: touchedChanges(subBlock.touchedAccounts, subBlock.touchedSlots, options.world),
      gasUsed: gas - previousGas,
      logCount: records.reduce((sum, record) => sum + record.receipt.logs.length, 0),
      bloom,
    });
    previousGas = gas;
  }
  return { openBlock: open, createdGenesis };
}

/** The EIP-2718 receipt encoding of a stored receipt (for the receipts root). */
function encodeStoredReceipt(receipt: StoredReceipt): Uint8Array {
  return encodeReceipt({
    type: Number(receipt.type),
    success: receipt.status === '0x1',
    cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
    bloom: hexToBytes(receipt.logsBloom),
    logs: receipt.logs.map((log) => ({ address: hexToBytes(log.address), topics: log.topics.map(hexToBytes), data: hexToBytes(log.data) })),
  });
}

/** The change set of the touched keys, valued from the current (pending) state. */
function touchedChanges(accounts: string[], slots: Array<[string, string]>, world: WorldState): StateChanges {
  const changes = emptyStateChanges();
  for (const address of accounts) changes.accounts.set(address, world.account(address) ?? null);
  for (const [address, slot] of slots) {
    let map = changes.storage.get(address);
    if (!map) {
      map = new Map();
      changes.storage.set(address, map);
    }
    map.set(slot, world.storage(address, slot));
  }
  return changes;
}

/** The genesis alloc as a change set over the empty state (keys as StateReader wants them; zero slots dropped). */
function genesisStateChanges(alloc: Map<Hex, GenesisAccount>): StateChanges {
  const changes = emptyStateChanges();
  for (const [address, { balance, nonce, code, storage }] of alloc) {
    const key = address.slice(2).toLowerCase();
    const codeHash = code.length > 0 ? keccak256(code) : undefined;
    if (codeHash) changes.code.set(bytesToHex(codeHash).slice(2), code);
    changes.accounts.set(key, new Account(nonce, balance, undefined, codeHash));
    const slots = new Map<string, Uint8Array>();
    for (const [slot, value] of storage) {
      const minimal = bigintToBytes(BigInt(value));
      if (minimal.length > 0) slots.set(bytesToHex(padBytes(hexToBytes(slot), 32)).slice(2), minimal);
    }
    if (slots.size > 0) changes.storage.set(key, slots);
  }
  return changes;
}

async function writeGenesis(options: {
  common: Common;
  storage: Storage;
  chainWriter: ChainWriter;
  trieNodes: TrieNodeStore;
  genesis: GenesisSpec;
  now: number;
}): Promise<void> {
  const { genesis } = options;
  const changes = genesisStateChanges(genesis.alloc);
  const genesisState: StateReader = {
    account: (address) => changes.accounts.get(address) ?? undefined,
    storage: (address, slot) => changes.storage.get(address)?.get(slot) ?? new Uint8Array(0),
    code: (codeHash) => changes.code.get(codeHash) ?? new Uint8Array(0),
  };
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: EMPTY_TRIE_ROOT,
    changes,
    finalState: genesisState,
    parentState: EMPTY_STATE,
    nodes: options.trieNodes,
  });
  const block = buildSealedBlock(options.common, {
    parentHash: new Uint8Array(32),
    number: 0n,
    // One second in the past, so block 1 can open at once without running ahead of the clock.
    timestamp: BigInt(Math.floor(options.now / 1000) - 1),
    gasLimit: genesis.gasLimit,
    gasUsed: 0n,
    baseFeePerGas: genesis.baseFeePerGas,
    coinbase: genesis.coinbase,
    stateRoot,
    transactionsRoot: orderedTrieRoot([]),
    receiptsRoot: orderedTrieRoot([]),
    logsBloom: new Uint8Array(256),
    rawTransactions: [],
    transactionHashes: [],
  });
  const batch = new WriteBatch();
  writeStateChanges(batch, 0, changes);
  writeStateChanges(batch, 0, { accounts: updatedAccounts, storage: new Map(), code: new Map() });
  options.trieNodes.flushInto(batch);
  options.chainWriter.writeBlock(batch, block);
  batch.putRecord(recordKeys.chainId, genesis.chainId.toString());
  await options.storage.commit(batch);
}
