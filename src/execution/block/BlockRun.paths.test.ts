// One block lifecycle, every path: the same blocks, made by the sequencer (sub-blocks, then the seal),
// are run again through chain import (executeBlock), testing_buildBlockV1 (buildBlock), eth_simulateV1
// (simulateBlocks) and a tracing replay (replayBlock), and each path must reach the sealed header's
// roots, the same receipts and the same state. The sequencer's per-sub-block roots (the open block's
// incremental tries) must end at the sealed header's.
//
// The chain is Prague from a geth genesis file holding the system contracts (EIP-4788 beacon roots,
// EIP-2935 history, EIP-7002 and EIP-7251 request queues: their code from execution-apis' Prague
// genesis, CC0), so every block start and block end writes state that the roots must agree on.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Block, createBlockFromRLP } from '@ethereumjs/block';
import { encodeFunctionData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainReader } from '../../chain/ChainReader.js';
import { ChainWriter } from '../../chain/ChainWriter.js';
import type { RlpChainBlock } from '../../chain/readRlpChain.js';
import type { StoredBlock, StoredReceipt } from '../../chain/records.js';
import { orderedTrieRoot } from '../../chain/trieRoot.js';
import { commonOfChain } from '../../config/commonOfChain.js';
import { DEFAULT_DEV_ACCOUNTS } from '../../config/defaultDevAccounts.js';
import { defaultNodeConfig } from '../../config/nodeConfig.js';
import { parseGethGenesis } from '../../config/parseGethGenesis.js';
import type { ScheduledCommon } from '../../config/ScheduledCommon.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import { importBlocks } from '../../sequencer/importBlocks.js';
import { builderOnParent } from '../../testing/builderOnParent.js';
import { testTokenArtifact } from '../../testing/contracts/artifacts.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import { submitTestTokenDeployment, submitTokenTransfer } from '../../testing/testToken.js';
import { TrieNodeStore } from '../TrieNodeStore.js';
import { defaultTraceConfig } from '../tracing/TraceConfig.js';

const INTERVAL = 200;
const BLOCK_TIME = 2000;
const DEAD: Hex = '0x000000000000000000000000000000000000dead';

/** What a path reached for one block: the header fields it decides, and the receipts it made (when it has them). */
interface Reached {
  stateRoot?: Hex;
  transactionsRoot?: Hex;
  receiptsRoot?: Hex;
  logsBloom?: Hex;
  gasUsed?: bigint;
  requestsHash?: Hex;
  hash?: Hex;
  receipts?: ReceiptSummary[];
  /** Accounts' balance and nonce after the block's transactions, as the path saw them. */
  accounts?: Map<string, { balance: bigint; nonce: bigint }>;
}

interface ReceiptSummary {
  status: boolean;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  logs: Array<{ address: string; topics: string[]; data: string }>;
}

let chain: TestChain;
let common: ScheduledCommon;
/** The sequencer's sealed blocks (1 and 2), decoded, with their stored records and receipts. */
const sealed: Array<{ stored: StoredBlock; block: Block; receipts: ReceiptSummary[] }> = [];
/** The open block's roots after each of its sub-blocks, by block number. */
const rootsAfterSubBlocks = new Map<number, Array<{ transactionsRoot: Hex; receiptsRoot: Hex; transactions: number }>>();

beforeAll(async () => {
  chain = await createTestChain({ genesis: writePragueGenesis() });
  common = commonOfChain(chain.config.chainId, parseGethGenesis(readFileSync(chain.config.genesis!, 'utf8')));
  chain.events.on('subBlock', ({ blockNumber }) => {
    const { tries, transactions } = chain.sequencer.openBlock;
    const list = rootsAfterSubBlocks.get(Number(blockNumber)) ?? [];
    list.push({ transactionsRoot: bytesToHex(tries.transactionsRoot()), receiptsRoot: bytesToHex(tries.receiptsRoot()), transactions: transactions.length });
    rootsAfterSubBlocks.set(Number(blockNumber), list);
  });
  const [deployer, alice, bob] = chain.accounts;
  // Block 1: a contract deployment and a transfer, then more transfers in a later sub-block.
  const deployment = await submitTestTokenDeployment(chain, deployer!);
  await sendTestTransaction(chain, alice!, { to: DEAD, value: 5n, gas: 21_000n });
  await chain.clock.advance(INTERVAL);
  await sendTestTransaction(chain, bob!, { to: DEAD, value: 7n, gas: 21_000n });
  await sendTestTransaction(chain, alice!, { to: bob!.address as Hex, value: 11n, gas: 21_000n });
  await chain.clock.advance(BLOCK_TIME - INTERVAL);
  const token = chain.backend.blocks.getTransactionReceipt(deployment)!.contractAddress!;
  // Block 2: token transfers (logs), one that reverts (status 0), and a transfer, over two sub-blocks.
  await submitTokenTransfer(chain, token, deployer!, alice!.address as Hex, 1000n);
  await sendTestTransaction(chain, bob!, {
    to: token,
    data: encodeFunctionData({ abi: testTokenArtifact.abi, functionName: 'transfer', args: [DEAD, 10n ** 30n] }),
    gas: 100_000n,
  });
  await chain.clock.advance(INTERVAL);
  await submitTokenTransfer(chain, token, alice!, DEAD, 400n);
  await sendTestTransaction(chain, bob!, { to: alice!.address as Hex, value: 3n, gas: 21_000n });
  await chain.clock.advance(BLOCK_TIME - INTERVAL);
  for (const number of [1, 2]) {
    const stored = chain.chain.blockByNumber(number)!;
    const block = createBlockFromRLP(chain.chain.rawBlock(number)!, { common: common.at({ number: BigInt(number), timestamp: BigInt(stored.timestamp) }) });
    const receipts = stored.transactions.map((hash) => summary(chain.backend.blocks.getTransactionReceipt(hash)!));
    sealed.push({ stored, block, receipts });
  }
}, 60_000);

afterAll(async () => {
  await chain?.close();
  rmSync(genesisDir, { recursive: true, force: true });
});

const genesisDir = mkdtempSync(join(tmpdir(), 'sequin-paths-'));

/** execution-apis' Prague genesis under the dev chain's id, with the dev accounts funded and the node's block gas limit. */
function writePragueGenesis(): string {
  const source = new URL('../../../test/conformance/execution-apis-history/prague-genesis.json', import.meta.url);
  const genesis = JSON.parse(readFileSync(source, 'utf8')) as { config: { chainId: number }; gasLimit: string; alloc: Record<string, unknown> };
  genesis.config.chainId = Number(defaultNodeConfig().chainId);
  genesis.gasLimit = toQuantity(defaultNodeConfig().blockGasLimit);
  for (const [address] of DEFAULT_DEV_ACCOUNTS.slice(0, 10)) genesis.alloc[address.slice(2).toLowerCase()] = { balance: toQuantity(10n ** 24n) };
  const path = join(genesisDir, 'genesis.json');
  writeFileSync(path, JSON.stringify(genesis));
  return path;
}

/** The paths every block is run through again, and what each reaches. */
const PATHS: Array<{ name: string; run: (number: number) => Promise<Reached> }> = [
  { name: 'chain import and replay (executeBlock)', run: importedBlock },
  { name: 'testing_buildBlockV1 (buildBlock)', run: builtBlock },
  { name: 'eth_simulateV1 (simulateBlocks)', run: simulatedBlock },
  { name: 'debug_traceBlockByNumber (replayBlock)', run: tracedBlock },
];

describe('the block lifecycle on every path', () => {
  it('has blocks to compare: several sub-blocks each, logs, a reverted transaction', () => {
    expect(sealed.map(({ stored }) => stored.transactions.length)).toEqual([4, 4]);
    expect(rootsAfterSubBlocks.get(1)?.length).toBe(2);
    expect(rootsAfterSubBlocks.get(2)?.length).toBe(2);
    // Within a sub-block the pool orders by tip, then hash: count, not positions.
    expect(sealed[1]!.receipts.filter((receipt) => !receipt.status).length).toBe(1);
    expect(sealed[1]!.receipts.filter((receipt) => receipt.logs.length === 1).length).toBe(2);
  });

  it("gives the sequencer's open block, after each sub-block, the roots of the block so far; after the last, the sealed header's", () => {
    for (const { stored, block } of sealed) {
      const rounds = rootsAfterSubBlocks.get(Number(stored.number))!;
      const last = rounds.at(-1)!;
      expect(last).toMatchObject({ transactionsRoot: stored.transactionsRoot, receiptsRoot: stored.receiptsRoot });
      // The first sub-block's roots are those of its transactions alone, as a block of them would have.
      const first = rounds[0]!;
      const firstTransactions = block.transactions.slice(0, first.transactions).map((transaction) => transaction.serialize());
      expect(first.transactionsRoot).toBe(bytesToHex(orderedTrieRoot(firstTransactions)));
      expect(first.transactionsRoot).not.toBe(last.transactionsRoot);
    }
  });

  describe.each(PATHS)('$name', ({ run }) => {
    it.each([1, 2])("reaches block %i's header roots, receipts and state", async (number) => {
      const expected = sealed[number - 1]!;
      const reached = await run(number);
      const header = expected.stored;
      const fields: Reached = {
        stateRoot: header.stateRoot,
        transactionsRoot: header.transactionsRoot,
        receiptsRoot: header.receiptsRoot,
        logsBloom: header.logsBloom,
        gasUsed: BigInt(header.gasUsed),
        requestsHash: header.requestsHash,
        hash: header.hash,
        receipts: expected.receipts,
      };
      expect(Object.keys(reached).length).toBeGreaterThan(0);
      const compared = Object.keys(reached).filter((key) => key !== 'accounts') as Array<keyof Reached>;
      for (const key of compared) expect(reached[key], key).toEqual(fields[key]);
      for (const [address, account] of reached.accounts ?? []) {
        const selector = { kind: 'number' as const, number: BigInt(number) };
        expect(account, address).toEqual({
          balance: chain.backend.state.getBalance(hexToBytes(address as Hex), selector),
          nonce: chain.backend.state.getTransactionCount(hexToBytes(address as Hex), selector),
        });
      }
    });
  });
});

/** Chain import: the sealed block's RLP into a second node's storage with the same genesis (executeBlock checks every root). */
async function importedBlock(number: number): Promise<Reached> {
  const replica = await createTestChain({ genesis: chain.config.genesis! }, { start: false });
  try {
    const parts = {
      common,
      storage: replica.storage,
      chain: replica.chain,
      chainWriter: new ChainWriter(replica.chain),
      trieNodes: new TrieNodeStore(replica.storage),
    };
    await importBlocks(parts, blocksUpTo(number));
    const stored = new ChainReader(replica.storage).blockByNumber(number)!;
    const receipts = stored.transactions.map((hash) => summary(new ChainReader(replica.storage).transaction(hash)!.receipt));
    return {
      stateRoot: stored.stateRoot,
      transactionsRoot: stored.transactionsRoot,
      receiptsRoot: stored.receiptsRoot,
      logsBloom: stored.logsBloom,
      gasUsed: BigInt(stored.gasUsed),
      requestsHash: stored.requestsHash,
      hash: stored.hash,
      receipts,
    };
  } finally {
    await replica.close();
  }
}

async function* blocksUpTo(number: number): AsyncGenerator<RlpChainBlock> {
  let offset = 0;
  for (const { stored, block } of sealed.slice(0, number)) {
    const rlp = chain.chain.rawBlock(Number(stored.number))!;
    yield { block, fork: block.common.hardfork() as RlpChainBlock['fork'], rlp, offset };
    offset += rlp.length;
  }
}

/** testing_buildBlockV1 on the parent, with the block's transactions and its consensus fields as payload attributes. */
async function builtBlock(number: number): Promise<Reached> {
  const { block } = sealed[number - 1]!;
  const { builder, parent } = builderOnParent(chain, number, {
    common,
    // A chain from a genesis file steps its gas limit toward --block-gas-limit (here already there).
    stepGasLimit: true,
  });
  const { header } = block;
  const envelope = (await builder.buildBlock({
    parentHash: parent.hash,
    attributes: {
      timestamp: header.timestamp,
      prevRandao: header.mixHash,
      suggestedFeeRecipient: header.coinbase.bytes,
      withdrawals: [],
      parentBeaconBlockRoot: header.parentBeaconBlockRoot,
    },
    transactions: block.transactions.map((transaction) => transaction.serialize()),
    extraData: new Uint8Array(0),
  })) as { executionPayload: { stateRoot: Hex; receiptsRoot: Hex; logsBloom: Hex; gasUsed: Hex; blockHash: Hex } };
  const payload = envelope.executionPayload;
  return {
    stateRoot: payload.stateRoot,
    receiptsRoot: payload.receiptsRoot,
    logsBloom: payload.logsBloom,
    gasUsed: BigInt(payload.gasUsed),
    hash: payload.blockHash,
  };
}

/** eth_simulateV1 on the parent, each transaction as a call (unsigned: so no transactions root), with validation. */
async function simulatedBlock(number: number): Promise<Reached> {
  const { block } = sealed[number - 1]!;
  const { header } = block;
  const [simulated] = (await chain.backend.simulation.simulate(
    {
      blockStateCalls: [
        {
          blockOverrides: {
            time: header.timestamp,
            gasLimit: header.gasLimit,
            feeRecipient: header.coinbase.bytes,
            prevRandao: header.mixHash,
            baseFeePerGas: header.baseFeePerGas!,
          },
          calls: block.transactions.map((transaction) => {
            const fees = transaction as unknown as { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
            return {
              from: transaction.getSenderAddress().bytes,
              to: transaction.to?.bytes ?? null,
              gas: transaction.gasLimit,
              value: transaction.value,
              data: transaction.data,
              nonce: transaction.nonce,
              maxFeePerGas: fees.maxFeePerGas,
              maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
            };
          }),
        },
      ],
      traceTransfers: false,
      validation: true,
      returnFullTransactions: false,
    },
    { kind: 'number', number: BigInt(number - 1) },
  )) as unknown as Array<{
    stateRoot: Hex;
    receiptsRoot: Hex;
    logsBloom: Hex;
    gasUsed: Hex;
    requestsHash: Hex;
    calls: Array<{ status: Hex; gasUsed: Hex; logs: Array<{ address: Hex; topics: Hex[]; data: Hex }> }>;
  }>;
  let cumulative = 0n;
  const receipts = simulated!.calls.map((call): ReceiptSummary => {
    cumulative += BigInt(call.gasUsed);
    return {
      status: call.status === '0x1',
      gasUsed: BigInt(call.gasUsed),
      cumulativeGasUsed: cumulative,
      logs: call.logs.map(({ address, topics, data }) => ({ address, topics, data })),
    };
  });
  return {
    stateRoot: simulated!.stateRoot,
    receiptsRoot: simulated!.receiptsRoot,
    logsBloom: simulated!.logsBloom,
    gasUsed: BigInt(simulated!.gasUsed),
    requestsHash: simulated!.requestsHash,
    receipts,
  };
}

/** debug_traceBlockByNumber with the prestate tracer in diff mode: each account's last post-state is its state after the block. */
async function tracedBlock(number: number): Promise<Reached> {
  const config = { ...defaultTraceConfig(), tracer: 'prestateTracer', tracerConfig: { diffMode: true } };
  const traces = (await chain.backend.traces.traceBlock({ kind: 'number', number: BigInt(number) }, config)) as Array<{
    result: { pre: Record<string, { balance?: Hex; nonce?: number }>; post: Record<string, { balance?: Hex; nonce?: number }> };
  }>;
  const accounts = new Map<string, { balance: bigint; nonce: bigint }>();
  for (const { result } of traces) {
    for (const [address, post] of Object.entries(result.post)) {
      const before = accounts.get(address) ?? {
        balance: BigInt(result.pre[address]?.balance ?? 0),
        nonce: BigInt(result.pre[address]?.nonce ?? 0),
      };
      accounts.set(address, {
        balance: post.balance === undefined ? before.balance : BigInt(post.balance),
        nonce: post.nonce === undefined ? before.nonce : BigInt(post.nonce),
      });
    }
  }
  expect(accounts.size).toBeGreaterThan(2);
  return { accounts };
}

function summary(receipt: StoredReceipt): ReceiptSummary {
  return {
    status: receipt.status === '0x1',
    gasUsed: BigInt(receipt.gasUsed),
    cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
    logs: receipt.logs.map(({ address, topics, data }) => ({ address, topics, data })),
  };
}
