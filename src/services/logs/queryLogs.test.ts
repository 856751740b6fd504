// eth_getLogs against an in-process chain: TestToken Transfer/Approval logs across sealed blocks
// and the open block, address and positional topic matching, block hash queries, the "pending"
// range, range errors and the block-range / result caps.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RpcLog } from '../../chain/receiptView.js';
import type { NodeConfig } from '../../config/nodeConfig.js';
import type { Hex } from '../../primitives/hex.js';
import { logFilter } from '../../rpc/schemas/logFilter.js';
import { createTestChain, type TestChain } from '../../testing/createTestChain.js';
import { preconfirm, sealBlock } from '../../testing/driveChain.js';
import { rpcErrorOf } from '../../testing/rpcErrorOf.js';
import { APPROVAL_TOPIC, addressTopic, submitTestTokenDeployment, submitTokenApproval, submitTokenTransfer, TRANSFER_TOPIC } from '../../testing/testToken.js';

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

let chain: TestChain;
const closeChain = () => chain.close();

/** A chain with a deployed TestToken (its mint log sealed in block `deployBlock`); returns the token address. */
async function chainWithToken(overrides: Partial<NodeConfig> = {}): Promise<{ token: Hex; deployBlock: number }> {
  chain = await createTestChain(overrides);
  const hash = await submitTestTokenDeployment(chain, chain.accounts[0]!);
  await preconfirm(chain);
  const token = chain.backend.blocks.getTransactionReceipt(hash)!.contractAddress!;
  const deployBlock = await sealBlock(chain);
  return { token, deployBlock };
}

/** eth_getLogs as a client calls it: the JSON filter goes through the real decoder. */
function getLogs(filter: Record<string, unknown>): RpcLog[] {
  return chain.backend.logs.getLogs(logFilter(filter));
}

const hex = (value: number) => `0x${value.toString(16)}`;

describe('eth_getLogs over sealed blocks', () => {
  let token: Hex;
  let deployBlock: number;
  let alice: Hex;
  let bob: Hex;
  let transferBlock: number;

  // One chain for the read-only cases: mint (block 1), then two transfers and an approval (block 2).
  beforeAll(async () => {
    ({ token, deployBlock } = await chainWithToken());
    alice = chain.accounts[1]!.address as Hex;
    bob = chain.accounts[2]!.address as Hex;
    const owner = chain.accounts[0]!;
    await submitTokenTransfer(chain, token, owner, alice, 10n);
    await submitTokenTransfer(chain, token, owner, bob, 20n);
    await submitTokenApproval(chain, token, owner, bob, 5n);
    await preconfirm(chain);
    transferBlock = await sealBlock(chain);
  });
  afterAll(closeChain);

  it('returns every log of the range in (block, log index) order, as the receipts carry them', () => {
    const logs = getLogs({ fromBlock: '0x0', toBlock: 'latest' });
    expect(logs.map((log) => [Number(log.blockNumber), Number(log.logIndex)])).toEqual([
      [deployBlock, 0],
      [transferBlock, 0],
      [transferBlock, 1],
      [transferBlock, 2],
    ]);
    const receipts = chain.backend.blocks.getBlockReceipts({ kind: 'number', number: BigInt(transferBlock) })!;
    expect(logs.slice(1)).toEqual(receipts.flatMap((receipt) => receipt.logs));
    const sealedHash = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(transferBlock) }, false)!.hash;
    for (const log of logs.slice(1)) expect(log).toMatchObject({ address: token, blockHash: sealedHash, removed: false });
  });

  it('defaults to latest..latest', () => {
    expect(getLogs({}).map((log) => Number(log.blockNumber))).toEqual([transferBlock, transferBlock, transferBlock]);
  });

  it('matches the address, one or any of several (case-insensitive), and nothing for another emitter', () => {
    const all = { fromBlock: 'earliest' };
    expect(getLogs({ ...all, address: token.toUpperCase().replace('0X', '0x') })).toHaveLength(4);
    expect(getLogs({ ...all, address: [`0x${'11'.repeat(20)}`, token] })).toHaveLength(4);
    expect(getLogs({ ...all, address: `0x${'11'.repeat(20)}` })).toEqual([]);
  });

  it('matches topics by position: wildcards (null), alternatives (OR), and a minimum topic count', () => {
    const all = { fromBlock: '0x0' };
    const topicsOf = (topics: unknown[]) => getLogs({ ...all, topics }).map((log) => log.topics);
    const owner = addressTopic(chain.accounts[0]!.address);
    expect(topicsOf([TRANSFER_TOPIC])).toHaveLength(3);
    expect(topicsOf([APPROVAL_TOPIC])).toEqual([[APPROVAL_TOPIC, owner, addressTopic(bob)]]);
    expect(topicsOf([[TRANSFER_TOPIC, APPROVAL_TOPIC]])).toHaveLength(4);
    expect(topicsOf([null, null, addressTopic(bob)])).toHaveLength(2); // the transfer and the approval to bob
    expect(topicsOf([TRANSFER_TOPIC, null, addressTopic(alice)])).toEqual([[TRANSFER_TOPIC, owner, addressTopic(alice)]]);
    expect(topicsOf([TRANSFER_TOPIC, null, [addressTopic(alice), addressTopic(bob)]])).toHaveLength(2);
    // [null, X] inside an OR list makes the position a wildcard, as in geth.
    expect(topicsOf([TRANSFER_TOPIC, [null, addressTopic(alice)]])).toHaveLength(3);
    // Mint: from = the zero address.
    expect(topicsOf([TRANSFER_TOPIC, addressTopic(`0x${'00'.repeat(20)}`)])).toHaveLength(1);
    // Transfer logs have 3 topics: a fourth position, even a wildcard, excludes them.
    expect(topicsOf([TRANSFER_TOPIC, null, null, null])).toEqual([]);
  });

  it('blockHash selects one sealed block; an unknown hash is -32000 "unknown block"', () => {
    const sealedHash = chain.backend.blocks.getBlock({ kind: 'number', number: BigInt(deployBlock) }, false)!.hash;
    const logs = getLogs({ blockHash: sealedHash });
    expect(logs.map((log) => [log.blockHash, Number(log.blockNumber)])).toEqual([[sealedHash, deployBlock]]);
    expect(rpcErrorOf(() => getLogs({ blockHash: `0x${'ab'.repeat(32)}` }))).toEqual({ code: -32000, message: 'unknown block' });
    // The open block has no hash yet: the zero hash names no block.
    expect(rpcErrorOf(() => getLogs({ blockHash: ZERO_HASH }))).toEqual({ code: -32000, message: 'unknown block' });
  });

  it('fromBlock > toBlock is -32602 "invalid block range params"; a numeric toBlock past the head is -32602 as in geth', () => {
    expect(rpcErrorOf(() => getLogs({ fromBlock: hex(transferBlock), toBlock: hex(deployBlock) }))).toEqual({
      code: -32602,
      message: 'invalid block range params',
    });
    expect(rpcErrorOf(() => getLogs({ fromBlock: 'latest', toBlock: '0x0' }))).toEqual({ code: -32602, message: 'invalid block range params' });
    const head = Number(chain.backend.blocks.blockNumber());
    const beyond = { code: -32602, message: 'block range extends beyond current head block' };
    expect(rpcErrorOf(() => getLogs({ fromBlock: hex(transferBlock), toBlock: hex(head + 1) }))).toEqual(beyond);
    expect(rpcErrorOf(() => getLogs({ fromBlock: hex(head + 1), toBlock: hex(head + 100) }))).toEqual(beyond);
    // A range up to the head itself is fine, and "pending" still reaches the open block.
    expect(getLogs({ fromBlock: hex(transferBlock), toBlock: hex(head) })).toHaveLength(3);
    expect(getLogs({ fromBlock: hex(transferBlock), toBlock: 'pending' })).toHaveLength(3);
  });
});

describe('eth_getLogs and pre-confirmed transactions', () => {
  afterEach(closeChain);
  it('a range reaching "pending" includes the open block with block hash zero; after the seal, the real hash', async () => {
    const { token } = await chainWithToken();
    const alice = chain.accounts[1]!.address as Hex;
    const toAlice = { address: token, topics: [TRANSFER_TOPIC, null, addressTopic(alice)] };
    const hash = await submitTokenTransfer(chain, token, chain.accounts[0]!, alice, 7n);
    await preconfirm(chain);
    const openNumber = Number(chain.backend.blocks.blockNumber()) + 1;

    // Not sealed: latest ranges do not see it.
    expect(getLogs({ ...toAlice, fromBlock: '0x0' })).toEqual([]);
    const pending = getLogs({ ...toAlice, fromBlock: 'latest', toBlock: 'pending' });
    expect(pending).toEqual([
      expect.objectContaining({ transactionHash: hash, blockHash: ZERO_HASH, blockNumber: hex(openNumber), logIndex: '0x0', removed: false }),
    ]);
    expect(getLogs({ address: token, fromBlock: 'pending', toBlock: 'pending' })).toEqual(pending);
    // A numeric range covers sealed blocks only: naming the open block's number is past the head.
    expect(rpcErrorOf(() => getLogs({ address: token, fromBlock: hex(openNumber), toBlock: hex(openNumber) }))).toEqual({
      code: -32602,
      message: 'block range extends beyond current head block',
    });

    const sealed = await sealBlock(chain);
    expect(sealed).toBe(openNumber);
    const sealedHash = chain.backend.blocks.getBlock({ kind: 'tag', tag: 'latest' }, false)!.hash;
    expect(getLogs(toAlice)).toEqual([{ ...pending[0], blockHash: sealedHash }]);
    // The new open block holds nothing yet.
    expect(getLogs({ address: token, fromBlock: 'pending', toBlock: 'pending' })).toEqual([]);
  });
});

describe('eth_getLogs caps', () => {
  afterEach(closeChain);
  it('--rpc-logs-block-range: more blocks than the cap is -32005', async () => {
    await chainWithToken({ rpcLogsBlockRange: 2 });
    const head = await sealBlock(chain);
    expect(head).toBeGreaterThanOrEqual(2);
    expect(rpcErrorOf(() => getLogs({ fromBlock: '0x0' }))).toEqual({ code: -32005, message: 'exceed maximum block range: 2' });
    // Two blocks: the mint's and the empty one after it.
    expect(getLogs({ fromBlock: hex(head - 1) })).toHaveLength(1);
    // "pending" reaches the open block, one more block to count.
    expect(rpcErrorOf(() => getLogs({ fromBlock: hex(head - 1), toBlock: 'pending' }))).toEqual({ code: -32005, message: 'exceed maximum block range: 2' });
  });

  it('--rpc-logs-max-results: more matching logs than the cap is -32005; exactly the cap is served', async () => {
    const { token } = await chainWithToken({ rpcLogsMaxResults: 2 });
    await submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[1]!.address as Hex, 1n);
    await preconfirm(chain);
    await sealBlock(chain);
    expect(getLogs({ fromBlock: '0x0', address: token })).toHaveLength(2);
    await submitTokenTransfer(chain, token, chain.accounts[0]!, chain.accounts[1]!.address as Hex, 1n);
    await preconfirm(chain);
    expect(getLogs({ fromBlock: '0x0', address: token })).toHaveLength(2);
    expect(rpcErrorOf(() => getLogs({ fromBlock: '0x0', toBlock: 'pending', address: token }))).toEqual({
      code: -32005,
      message: 'query returned more than 2 results',
    });
  });
});
