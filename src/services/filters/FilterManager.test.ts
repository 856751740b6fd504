// Polling filters on an in-process chain driven by a manual clock: block, pending-transaction and
// log filters (sealed-only and "pending"), ids and unknown ids, expiry without polls, the cap on
// installed filters, and what one poll returns at most.

import { afterEach, describe, expect, it } from 'vitest';
import type { RpcLog } from '../../chain/receiptView.js';
import type { NodeConfig } from '../../config/nodeConfig.js';
import type { Hex } from '../../primitives/hex.js';
import { logFilter } from '../../rpc/schemas/logFilter.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { rpcErrorOf } from '../../testing/rpcErrorOf.js';
import { sendTestTransaction } from '../../testing/sendTestTransaction.js';
import { submitTestTokenDeployment, submitTokenTransfer } from '../../testing/testToken.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';
import type { FilterChanges } from './FilterManager.js';
import { FilterManager, randomFilterId } from './FilterManager.js';

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;
const TIMEOUT_MS = 10_000;

let chain: TestChain;
afterEach(async () => {
  await chain?.close();
});

async function start(overrides: Partial<NodeConfig> = {}): Promise<TestChain> {
  chain = await createTestChain({ rpcFilterTimeoutMs: TIMEOUT_MS, ...overrides });
  return chain;
}

/** Deploys a TestToken and seals it; returns its address. */
async function deployToken(): Promise<Hex> {
  const hash = await submitTestTokenDeployment(chain, chain.accounts[0]!);
  await preconfirm(chain);
  const token = chain.backend.blocks.getTransactionReceipt(hash)!.contractAddress!;
  await sealBlock(chain);
  return token;
}

const transferToken = (token: Hex, amount = 1n) => submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[1]!.address as Hex, amount);
const transferEth = (from = 3, nonce?: bigint) =>
  sendTestTransaction(chain, chain.accounts[from]!, {
    to: chain.accounts[4]!.address as Hex,
    value: 1n,
    gas: 21_000n,
    ...(nonce === undefined ? {} : { nonce }),
  });

/** A filter's changes, read as the kind of item its filter reports (logs, block hashes, or pending transactions' hashes or objects). */
function changes<Item extends FilterChanges[number] = FilterChanges[number]>(id: string): Item[] {
  return chain.backend.logs.getFilterChanges(id) as Item[];
}

const NOT_FOUND = { code: -32000, message: 'filter not found' };

describe('filter ids', () => {
  it('are geth-style: 16 random bytes as a hex quantity, all different', () => {
    const ids = new Set(Array.from({ length: 500 }, randomFilterId));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^0x(0|[1-9a-f][0-9a-f]{0,31})$/);
  });

  it('an unknown id is -32000 "filter not found"; uninstalling says whether the filter existed', async () => {
    await start();
    expect(rpcErrorOf(() => chain.backend.logs.getFilterChanges('0x1234'))).toEqual(NOT_FOUND);
    expect(rpcErrorOf(() => chain.backend.logs.getFilterLogs('0x1234'))).toEqual(NOT_FOUND);
    expect(chain.backend.logs.uninstallFilter('0x1234')).toBe(false);
    const id = chain.backend.logs.newBlockFilter();
    expect(chain.backend.logs.uninstallFilter(id)).toBe(true);
    expect(chain.backend.logs.uninstallFilter(id)).toBe(false);
    expect(rpcErrorOf(() => chain.backend.logs.getFilterChanges(id))).toEqual(NOT_FOUND);
  });
});

describe('block filters', () => {
  it('report the hashes of blocks sealed since the last poll, oldest first, each once', async () => {
    await start();
    const id = chain.backend.logs.newBlockFilter();
    expect(changes(id)).toEqual([]);
    const first = await sealBlock(chain);
    const second = await sealBlock(chain);
    const hashOf = (number: number) => chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(number) }, false)!.hash;
    expect(changes(id)).toEqual([hashOf(first), hashOf(second)]);
    expect(changes(id)).toEqual([]);
    const third = await sealBlock(chain);
    expect(changes(id)).toEqual([hashOf(third)]);
    // Not a log filter.
    expect(rpcErrorOf(() => chain.backend.logs.getFilterLogs(id))).toEqual(NOT_FOUND);
  });

  it('one poll returns at most --rpc-logs-max-results hashes; the rest come with the next', async () => {
    await start({ rpcLogsMaxResults: 2 });
    const id = chain.backend.logs.newBlockFilter();
    for (let index = 0; index < 3; index++) await sealBlock(chain);
    expect(changes(id)).toHaveLength(2);
    expect(changes(id)).toHaveLength(1);
    expect(changes(id)).toEqual([]);
  });
});

describe('pending transaction filters', () => {
  it('report the hashes of txs admitted to the pool since the last poll, queued ones included', async () => {
    await start();
    const id = chain.backend.logs.newPendingTransactionFilter(false);
    const before = await transferEth(3);
    expect(changes(id)).toEqual([before]);
    const executable = await transferEth(5);
    const gapped = await transferEth(6, 5n); // nonce gap: queued
    expect(changes(id)).toEqual([executable, gapped]);
    expect(changes(id)).toEqual([]);
  });

  it('with fullTransactions, report the transactions as eth_getTransactionByHash serves them', async () => {
    await start();
    const id = chain.backend.logs.newPendingTransactionFilter(true);
    const hash = await transferEth();
    const [transaction] = changes<RpcTransaction>(id);
    expect(transaction).toEqual(chain.backend.blocks.getTransactionByHash(hash));
    expect(transaction).toMatchObject({ hash, blockHash: null });
  });

  it('keep only the newest --rpc-logs-max-results hashes between polls', async () => {
    await start({ rpcLogsMaxResults: 2 });
    const id = chain.backend.logs.newPendingTransactionFilter(false);
    const hashes = [await transferEth(3), await transferEth(3), await transferEth(3), await transferEth(3), await transferEth(3)];
    expect(changes(id)).toEqual(hashes.slice(-2));
  });
});

describe('log filters', () => {
  it('report logs of blocks sealed since the last poll, not pre-confirmed ones, each once', async () => {
    await start();
    const token = await deployToken();
    const id = chain.backend.logs.newFilter(logFilter({ address: token }));
    const hash = await transferToken(token);
    await preconfirm(chain);
    expect(changes(id)).toEqual([]);
    const sealed = await sealBlock(chain);
    const [log] = changes<RpcLog>(id);
    const sealedHash = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(sealed) }, false)!.hash;
    expect(log).toMatchObject({ transactionHash: hash, blockHash: sealedHash, blockNumber: `0x${sealed.toString(16)}`, removed: false });
    expect(changes(id)).toEqual([]);
    // Other emitters and unmatched topics are not reported.
    await transferEth();
    await sealBlock(chain);
    expect(changes(id)).toEqual([]);
  });

  it('with "pending" report each log once, when pre-confirmed (block hash zero), not again at the seal', async () => {
    await start();
    const token = await deployToken();
    await transferToken(token);
    await preconfirm(chain);
    // Installed after `already` was pre-confirmed: that log is history (eth_getFilterLogs has it), not a change.
    const id = chain.backend.logs.newFilter(logFilter({ address: token, toBlock: 'pending' }));
    const fresh = await transferToken(token, 2n);
    await preconfirm(chain);
    expect(changes<RpcLog>(id).map((log) => [log.transactionHash, log.blockHash])).toEqual([[fresh, ZERO_HASH]]);
    await sealBlock(chain);
    expect(changes(id)).toEqual([]);
    // Pre-confirmed and sealed between two polls: reported once, with the real block hash.
    const late = await transferToken(token, 3n);
    await preconfirm(chain);
    const sealed = await sealBlock(chain);
    const sealedHash = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(sealed) }, false)!.hash;
    expect(changes<RpcLog>(id).map((log) => [log.transactionHash, log.blockHash])).toEqual([[late, sealedHash]]);
    // eth_getFilterLogs runs the criteria (latest..pending) afresh.
    expect(chain.backend.logs.getFilterLogs(id).map((log) => log.transactionHash)).toEqual([late]);
  });

  it('respect a numeric toBlock: nothing after it is reported', async () => {
    await start();
    const token = await deployToken();
    const last = Number(chain.backend.blocks.blockNumber()) + 1;
    const id = chain.backend.logs.newFilter(logFilter({ address: token, toBlock: `0x${last.toString(16)}` }));
    await transferToken(token);
    await preconfirm(chain);
    expect(await sealBlock(chain)).toBe(last);
    await transferToken(token);
    await preconfirm(chain);
    await sealBlock(chain);
    expect(changes<RpcLog>(id).map((log) => Number(log.blockNumber))).toEqual([last]);
  });

  it('eth_getFilterLogs answers like eth_getLogs with the filter criteria', async () => {
    await start();
    const token = await deployToken();
    await transferToken(token);
    await preconfirm(chain);
    const criteria = { address: token, fromBlock: '0x0', toBlock: 'pending' };
    const id = chain.backend.logs.newFilter(logFilter(criteria));
    expect(chain.backend.logs.getFilterLogs(id)).toHaveLength(2); // mint + transfer
    expect(chain.backend.logs.getFilterLogs(id)).toEqual(chain.backend.logs.getLogs(logFilter(criteria)));
  });

  it('one poll returns at most --rpc-logs-max-results logs; the rest come with the next, none lost', async () => {
    await start({ rpcLogsMaxResults: 2 });
    const token = await deployToken();
    const id = chain.backend.logs.newFilter(logFilter({ address: token }));
    const hashes = [await transferToken(token, 1n), await transferToken(token, 2n), await transferToken(token, 3n)];
    await preconfirm(chain);
    await sealBlock(chain);
    const first = changes<RpcLog>(id);
    const second = changes<RpcLog>(id);
    expect(first).toHaveLength(2);
    expect([...first, ...second].map((log) => log.transactionHash)).toEqual(hashes);
  });
});

describe('expiry and limits', () => {
  it('a filter not polled for --rpc-filter-timeout is removed; each poll restarts the countdown', async () => {
    await start();
    const polled = chain.backend.logs.newBlockFilter();
    const forgotten = chain.backend.logs.newPendingTransactionFilter(false);
    const sealedDuring = async (ms: number) => {
      const before = chain.backend.blocks.blockNumber();
      await chain.clock.advance(ms);
      return Number(chain.backend.blocks.blockNumber() - before);
    };
    let sealed = await sealedDuring(TIMEOUT_MS - 1000);
    expect(sealed).toBeGreaterThan(0);
    expect(changes(polled)).toHaveLength(sealed);
    sealed = await sealedDuring(TIMEOUT_MS - 1000);
    expect(changes(polled)).toHaveLength(sealed);
    expect(rpcErrorOf(() => changes(forgotten))).toEqual(NOT_FOUND);
    await chain.clock.advance(TIMEOUT_MS);
    expect(rpcErrorOf(() => changes(polled))).toEqual(NOT_FOUND);
  });

  /** A FilterManager of its own on the test chain, with small caps. */
  function standaloneManager(caps: { maxFilters?: number; maxFiltersPerClient?: number }): FilterManager {
    return new FilterManager({
      views: chain.sequencer.views,
      events: chain.events,
      now: () => chain.clock.now(),
      timeoutMs: TIMEOUT_MS,
      limits: { blockRange: 100, maxResults: 100 },
      ...caps,
      transactionByHash: () => null,
    });
  }

  it('installing past the cap is -32005; expired filters free their slots', async () => {
    await start();
    const manager = standaloneManager({ maxFilters: 2 });
    manager.newBlockFilter();
    manager.newLogFilter(logFilter({}));
    expect(rpcErrorOf(() => manager.newPendingTransactionFilter(false))).toEqual({ code: -32005, message: 'too many filters installed (limit 2)' });
    expect(manager.size).toBe(2);
    await chain.clock.advance(TIMEOUT_MS);
    expect(manager.size).toBe(0);
    manager.newPendingTransactionFilter(false);
    expect(manager.size).toBe(1);
    manager.close();
  });

  it('one client cannot hold more than its quota; other clients still can; uninstalling frees a slot', async () => {
    await start();
    const manager = standaloneManager({ maxFiltersPerClient: 2 });
    const first = manager.newBlockFilter('address:192.0.2.1');
    manager.newLogFilter(logFilter({}), 'address:192.0.2.1');
    expect(rpcErrorOf(() => manager.newPendingTransactionFilter(false, 'address:192.0.2.1'))).toEqual({
      code: -32005,
      message: 'too many filters installed by this client (limit 2); uninstall some with eth_uninstallFilter',
    });
    manager.newBlockFilter('address:192.0.2.2');
    manager.newBlockFilter('key:app1');
    expect(manager.size).toBe(4);
    expect(manager.uninstall(first)).toBe(true);
    manager.newPendingTransactionFilter(false, 'address:192.0.2.1');
    expect(manager.size).toBe(4);
    manager.close();
  });
});
