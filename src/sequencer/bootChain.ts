import type { Common } from '@ethereumjs/common';
import { Account } from '@ethereumjs/util';
import { buildSealedBlock } from '../chain/buildSealedBlock.js';
import type { ChainReader } from '../chain/ChainReader.js';
import type { ChainWriter } from '../chain/ChainWriter.js';
import type { ForkAnchor } from '../chain/ForkAnchor.js';
import { gethGenesisBlock } from '../chain/gethGenesisBlock.js';
import { headerFieldsAfter } from '../chain/headerFieldsAfter.js';
import { opHeaderFields } from '../chain/opHeaderFields.js';
import { orBloom } from '../chain/receiptEncoding.js';
import { recordKeys } from '../chain/recordKeys.js';
import { requestsHash } from '../chain/requestsHash.js';
import { storedBlockOf } from '../chain/storedBlockOf.js';
import { encodeStoredReceipt } from '../chain/storedReceiptEncoding.js';
import type { SignedCommitment } from '../chain/subBlockCommitment.js';
import { EMPTY_TRIE_ROOT, orderedTrieRoot } from '../chain/trieRoot.js';
import type { ChainSpec, GenesisAccount } from '../config/ChainSpec.js';
import type { ChainHardfork } from '../config/chainHardfork.js';
import { L2_TO_L1_MESSAGE_PASSER } from '../config/opStack/predeployAddresses.js';
import { commonAt } from '../config/ScheduledCommon.js';
import { applyStateChanges } from '../execution/applyStateChanges.js';
import { OverlayStateReader } from '../execution/OverlayStateReader.js';
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
import { writeForkAnchor } from './writeForkAnchor.js';

/** A chain from a geth genesis file (`--genesis`): the parsed file and its text, which the data directory keeps. */
export interface GethGenesis {
  spec: ChainSpec;
  text: string;
}

/**
 * The genesis of a new chain: Sequin's own (allocations and header parameters), or, when `gethGenesis` is
 * given, that file's, exactly as geth builds it (its alloc, header and hash; the other fields are unused).
 */
export interface GenesisSpec {
  chainId: bigint;
  /** The genesis state by 0x-prefixed address (any case): balance, nonce, code and storage of each account. */
  alloc: Map<Hex, GenesisAccount>;
  gasLimit: bigint;
  baseFeePerGas: bigint;
  coinbase: Uint8Array;
  /** The fork Sequin's own chain runs, recorded with its genesis (or its fork anchor) so later starts keep it. */
  hardfork?: ChainHardfork;
  gethGenesis?: GethGenesis;
  /** The genesis timestamp (seconds); default one second before now. A fleet's nodes share their sequencer's. */
  timestamp?: bigint;
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
  /** Fork mode: start on this remote block (its state read through `state`) instead of a genesis. */
  fork?: { anchor: ForkAnchor; state: StateReader };
}): Promise<{ openBlock: OpenBlock; createdGenesis: boolean }> {
  const { storage, chain, fork } = options;
  let createdGenesis = false;
  if (!chain.head()) {
    if (fork)
      await writeForkAnchor({
        ...options,
        anchor: fork.anchor,
        forkState: fork.state,
        allocations: devBalances(options.genesis),
        hardfork: options.genesis.hardfork,
      });
    else await writeGenesis(options);
    createdGenesis = true;
  }
  const storedChainId = storage.getRecord<string>(recordKeys.chainId);
  if (storedChainId !== undefined && BigInt(storedChainId) !== options.genesis.chainId) {
    throw new Error(
      `the data directory holds chain id ${BigInt(storedChainId)}, not ${options.genesis.chainId}; use another --data-dir or the matching --chain-id`,
    );
  }
  const gethGenesis = options.genesis.gethGenesis;
  if (gethGenesis !== undefined) {
    const expected = bytesToHex(gethGenesisBlock(gethGenesis.spec).hash);
    const stored = chain.blockByNumber(0)!.hash;
    if (stored !== expected) {
      throw new Error(`the data directory holds a chain with genesis ${stored}, not ${expected} (the genesis file's); use another --data-dir`);
    }
  }
  const head = chain.head()!;
  const parent = chain.blockByNumber(head.number)!;
  const subBlocks = chain.subBlocks().filter((subBlock) => subBlock.blockNumber === head.number + 1);
  if (subBlocks.length === 0) return { openBlock: openBlockAfter(parent, options.parameters, options.now), createdGenesis };

  const first = subBlocks[0]!;
  // Its slots restart now if its second lies ahead (the chain may run ahead of the wall clock).
  const openedAtMs = Math.min(first.timestamp * 1000, options.now);
  // The fork-dependent fields follow from the parent; what the sub-blocks were stamped with is kept.
  const baseFeePerGas = BigInt(first.baseFeePerGas);
  const gasLimit = first.gasLimit === undefined ? options.genesis.gasLimit : BigInt(first.gasLimit);
  const opening = headerFieldsAfter(options.common, parent, BigInt(first.timestamp), gasLimit);
  const open = new OpenBlock({
    number: head.number + 1,
    timestamp: BigInt(first.timestamp),
    baseFeePerGas,
    gasLimit,
    coinbase: first.miner === undefined ? options.genesis.coinbase : hexToBytes(first.miner),
    parentHash: hexToBytes(parent.hash),
    parentStateRoot: hexToBytes(parent.stateRoot),
    openedAtMs,
    notBeforeMs: openedAtMs,
    spends: {},
    opening: { ...opening, gasLimit, baseFeePerGas },
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
      ...commitmentOf(chain, subBlock.blockNumber, subBlock.index),
    });
    previousGas = gas;
  }
  return { openBlock: open, createdGenesis };
}

/** The sub-block's stored commitment, as contents carry it (none for sub-blocks of a chain without a sequencer key). */
function commitmentOf(chain: ChainReader, blockNumber: number, index: number): { commitment?: SignedCommitment } {
  const commitment = chain.commitment(blockNumber, index);
  return commitment ? { commitment } : {};
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
  const gethGenesis = genesis.gethGenesis;
  const changes = genesisStateChanges(gethGenesis === undefined ? genesis.alloc : gethGenesis.spec.alloc);
  const { stateRoot, updatedAccounts } = await applyStateChanges({
    parentRoot: EMPTY_TRIE_ROOT,
    changes,
    finalState: new OverlayStateReader(EMPTY_STATE, changes),
    parentState: EMPTY_STATE,
    nodes: options.trieNodes,
  });
  const messagePasserRoot = () => updatedAccounts.get(L2_TO_L1_MESSAGE_PASSER)?.storageRoot ?? EMPTY_TRIE_ROOT;
  const { block, rlp } = gethGenesis === undefined ? sequinGenesisBlock(options, stateRoot, messagePasserRoot) : gethGenesisRecord(gethGenesis.spec, stateRoot);
  const batch = new WriteBatch();
  writeStateChanges(batch, 0, changes);
  writeStateChanges(batch, 0, { accounts: updatedAccounts, storage: new Map(), code: new Map() });
  options.trieNodes.flushInto(batch);
  options.chainWriter.writeBlock(batch, block, rlp);
  batch.putRecord(recordKeys.chainId, genesis.chainId.toString());
  if (genesis.hardfork !== undefined) batch.putRecord(recordKeys.hardfork, genesis.hardfork);
  if (gethGenesis !== undefined) batch.putRecord(recordKeys.genesis, gethGenesis.text);
  await options.storage.commit(batch);
}

/**
 * Sequin's own genesis block: the rules of the chain at block 0, timestamp one second ago. An OP Stack
 * chain's has its extraData and, from Isthmus, the L2ToL1MessagePasser's storage root as withdrawals root.
 */
function sequinGenesisBlock(options: { common: Common; genesis: GenesisSpec; now: number }, stateRoot: Uint8Array, messagePasserRoot: () => Uint8Array) {
  const { genesis } = options;
  // One second in the past, so block 1 can open at once without running ahead of the clock; a
  // fleet's nodes share their sequencer's.
  const timestamp = genesis.timestamp ?? BigInt(Math.floor(options.now / 1000) - 1);
  const parentHash = new Uint8Array(32);
  const rules = commonAt(options.common, { number: 0n, timestamp });
  return buildSealedBlock({
    rules,
    parentHash,
    number: 0n,
    timestamp,
    gasLimit: genesis.gasLimit,
    gasUsed: 0n,
    coinbase: genesis.coinbase,
    stateRoot,
    transactionsRoot: orderedTrieRoot([]),
    receiptsRoot: orderedTrieRoot([]),
    logsBloom: new Uint8Array(256),
    // Before the merge (--hardfork london or older), ethash's minimum difficulty, as Hardhat's genesis has.
    difficulty: rules.gteHardfork('paris') ? 0n : rules.param('minimumDifficulty'),
    mixHash: keccak256(parentHash),
    baseFeePerGas: genesis.baseFeePerGas,
    excessBlobGas: 0n,
    blobGasUsed: 0n,
    parentBeaconBlockRoot: new Uint8Array(32),
    requestsHash: requestsHash([]),
    ...opHeaderFields(options.common, timestamp, messagePasserRoot),
    rawTransactions: [],
    transactionHashes: [],
  });
}

/** A geth genesis file's block 0, as geth builds it; its state root must be the one Sequin computed. */
function gethGenesisRecord(spec: ChainSpec, stateRoot: Uint8Array) {
  const genesis = gethGenesisBlock(spec);
  if (!Buffer.from(genesis.header.stateRoot).equals(stateRoot)) {
    throw new Error(`genesis state root ${bytesToHex(stateRoot)} differs from geth's ${bytesToHex(genesis.header.stateRoot)}`);
  }
  const withdrawals = genesis.header.withdrawalsRoot === undefined ? undefined : [];
  return {
    block: storedBlockOf(genesis.header, genesis.hash, { transactions: [], uncles: [], withdrawals, size: genesis.blockRlp.length }),
    rlp: genesis.blockRlp,
  };
}

/**
 * The funded accounts of `genesis` (accounts without code: the dev accounts), which a fork funds
 * on top of their forked state; preinstalled contracts are left as the remote has them.
 */
function devBalances(genesis: GenesisSpec): Array<{ address: string; balance: bigint }> {
  return [...genesis.alloc].filter(([, account]) => account.code.length === 0).map(([address, account]) => ({ address, balance: account.balance }));
}
