/**
 * eth_config and testing_buildBlockV1 on Sequin's own chain (no genesis file), over HTTP against the
 * real node with `--mining manual`, so the head stays where the test put it. (On the execution-apis
 * chain both are checked against geth's recorded answers: importChain.test.ts.)
 *
 *   - eth_config: Osaka (the default fork) from genesis, P256VERIFY among its precompiles; with
 *     `--hardfork prague`, Prague from genesis (activation 0), its blob schedule, the fork id of a
 *     chain whose forks are all at genesis (CRC32 of the genesis hash), nothing next;
 *   - testing_buildBlockV1: the block after the head from given transactions or from the pool, as an
 *     engine API payload; nothing changes: head, balances, nonces and pool stay as they were; a given
 *     transaction that does not apply and a parent that is not a block of the chain are refused with geth's words;
 *   - in interval mining (the default), a block that is no longer the head is still a parent, built on with its own state.
 */
import { crc32 } from 'node:zlib';
import { type Hex, hexToBytes, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpcError, rpcResult, signTransfer } from './helpers.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--mining', 'manual'] });
});
afterAll(cleanupNodeProcesses);

interface Block {
  number: Hex;
  hash: Hex;
  timestamp: Hex;
  baseFeePerGas: Hex;
  gasLimit: Hex;
}

interface Payload {
  executionPayload: Record<string, unknown> & { transactions: Hex[]; blockNumber: Hex; parentHash: Hex; gasUsed: Hex; blockHash: Hex };
  blockValue: Hex;
  blobsBundle: unknown;
  executionRequests: unknown[];
  shouldOverrideBuilder: boolean;
}

const latest = () => rpcResult<Block>(node.url, 'eth_getBlockByNumber', ['latest', false]);

/** Payload attributes for the block after `head`. */
function attributes(head: Block, feeRecipient: Hex = '0x00000000000000000000000000000000000000fe') {
  return {
    timestamp: toHex(BigInt(head.timestamp) + 1n),
    prevRandao: `0x${'11'.repeat(32)}`,
    suggestedFeeRecipient: feeRecipient,
    withdrawals: [{ index: '0x0', validatorIndex: '0x1', address: '0x00000000000000000000000000000000000000aa', amount: '0x2' }],
    parentBeaconBlockRoot: `0x${'22'.repeat(32)}`,
  };
}

describe('eth_config', () => {
  it("describes Sequin's chain as Osaka by default: activation 0, P256VERIFY at 0x100 besides Prague's 17 precompiles, nothing next", async () => {
    const config = await rpcResult<{ current: Record<string, unknown>; next: null; last: null }>(node.url, 'eth_config');
    expect([config.next, config.last]).toEqual([null, null]);
    expect(config.current).toMatchObject({ activationTime: 0, blobSchedule: { target: 6, max: 9, baseFeeUpdateFraction: 5007716 } });
    expect(Object.keys(config.current.precompiles as object)).toHaveLength(18);
    expect(config.current.precompiles).toHaveProperty('P256VERIFY', '0x0000000000000000000000000000000000000100');
  });

  // Pinned to Prague (--hardfork prague): these were Sequin's only rules before Osaka became the default.
  it("describes Sequin's chain with --hardfork prague as Prague from genesis: activation 0, Prague's blob schedule, the genesis hash's CRC32 as fork id, nothing next", async () => {
    const prague = await startNodeProcess({ args: ['--mining', 'manual', '--hardfork', 'prague'] });
    const genesis = await rpcResult<Block>(prague.url, 'eth_getBlockByNumber', ['0x0', false]);
    const config = await rpcResult<{ current: Record<string, unknown>; next: null; last: null }>(prague.url, 'eth_config');
    const forkId = `0x${crc32(hexToBytes(genesis.hash)).toString(16).padStart(8, '0')}`;
    expect(config.next).toBeNull();
    expect(config.last).toBeNull();
    expect(config.current).toMatchObject({
      activationTime: 0,
      blobSchedule: { target: 6, max: 9, baseFeeUpdateFraction: 5007716 },
      chainId: await rpcResult<Hex>(prague.url, 'eth_chainId'),
      forkId,
    });
    expect(Object.keys(config.current.precompiles as object)).toHaveLength(17);
    expect(config.current.precompiles).not.toHaveProperty('P256VERIFY');
    expect(config.current.systemContracts).toEqual({
      BEACON_ROOTS_ADDRESS: '0x000f3df6d732807ef1319fb7b8bb8522d0beac02',
      CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS: '0x0000bbddc7ce488642fb579f8b00f3a590007251',
      DEPOSIT_CONTRACT_ADDRESS: '0x0000000000000000000000000000000000000000',
      HISTORY_STORAGE_ADDRESS: '0x0000f90827f1c53a10cb7a02335b175320002935',
      WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS: '0x00000961ef480eb55e80d19ad83579a64c007002',
    });
    await prague.stop();
  });
});

describe('testing_buildBlockV1', () => {
  it('builds the block after the head from given transactions, with the attributes and extra data, and keeps nothing', async () => {
    const head = await latest();
    const sender = DEV_ACCOUNTS[3]!.address;
    const balanceBefore = await rpcResult<Hex>(node.url, 'eth_getBalance', [sender, 'latest']);
    const first = await signTransfer(3, 0);
    const second = await signTransfer(3, 1);
    const payload = await rpcResult<Payload>(node.url, 'testing_buildBlockV1', [head.hash, attributes(head), [first, second], '0x6869']);
    const block = payload.executionPayload;
    expect(block).toMatchObject({
      parentHash: head.hash,
      blockNumber: toHex(BigInt(head.number) + 1n),
      timestamp: toHex(BigInt(head.timestamp) + 1n),
      feeRecipient: '0x00000000000000000000000000000000000000fe',
      prevRandao: `0x${'11'.repeat(32)}`,
      extraData: '0x6869',
      gasUsed: toHex(42_000n),
      gasLimit: head.gasLimit,
      transactions: [first, second],
      withdrawals: [{ index: '0x0', validatorIndex: '0x1', address: '0x00000000000000000000000000000000000000aa', amount: '0x2' }],
      blobGasUsed: '0x0',
    });
    // Both pay the 1 gwei tip (10 gwei fee cap, well above the base fee) on 21,000 gas.
    expect(BigInt(payload.blockValue)).toBe(2n * 21_000n * 1_000_000_000n);
    expect(payload).toMatchObject({ blobsBundle: { commitments: [], proofs: [], blobs: [] }, executionRequests: [], shouldOverrideBuilder: false });
    expect(block.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    // Another fee recipient changes the state root and so the hash; the same request gives the same block.
    const again = await rpcResult<Payload>(node.url, 'testing_buildBlockV1', [head.hash, attributes(head), [first, second], '0x6869']);
    expect(again.executionPayload.blockHash).toBe(block.blockHash);
    const elsewhere = await rpcResult<Payload>(node.url, 'testing_buildBlockV1', [
      head.hash,
      attributes(head, '0x00000000000000000000000000000000000000fd'),
      [first, second],
      '0x6869',
    ]);
    expect(elsewhere.executionPayload.blockHash).not.toBe(block.blockHash);

    expect((await latest()).hash).toBe(head.hash);
    expect(await rpcResult<Hex>(node.url, 'eth_getBalance', [sender, 'pending'])).toBe(balanceBefore);
    expect(await rpcResult<Hex>(node.url, 'eth_getTransactionCount', [sender, 'pending'])).toBe('0x0');
    expect(await rpcResult<Hex | null>(node.url, 'eth_getTransactionByHash', [keccak256(first)])).toBeNull();
  });

  it('builds from the pool when transactions is null (the pool keeps them), and an empty block from []', async () => {
    const head = await latest();
    const raw = await signTransfer(4, 0);
    const hash = await rpcResult<Hex>(node.url, 'eth_sendRawTransaction', [raw]);
    const pooled = await rpcResult<Payload>(node.url, 'testing_buildBlockV1', [head.hash, attributes(head), null]);
    expect(pooled.executionPayload.transactions).toContain(raw);
    expect(pooled.executionPayload.extraData).toBe('0x');
    const empty = await rpcResult<Payload>(node.url, 'testing_buildBlockV1', [head.hash, attributes(head), []]);
    expect(empty.executionPayload.transactions).toEqual([]);
    expect(empty.executionPayload.gasUsed).toBe('0x0');
    expect(empty.blockValue).toBe('0x0');
    const status = await rpcResult<{ pending: Hex }>(node.url, 'txpool_status');
    expect(Number(status.pending)).toBeGreaterThanOrEqual(1);
    expect(await rpcResult<{ hash: Hex } | null>(node.url, 'eth_getTransactionByHash', [hash])).toMatchObject({ hash });
    expect((await latest()).hash).toBe(head.hash);
  });

  it("refuses a given transaction that does not apply, a parent that is not the head and a timestamp not after it, in geth's words", async () => {
    const head = await latest();
    const tooHigh = await signTransfer(5, 7);
    expect(await rpcError(node.url, 'testing_buildBlockV1', [head.hash, attributes(head), [tooHigh]])).toEqual({
      code: -32000,
      message: `nonce too high: address ${DEV_ACCOUNTS[5]!.address}, tx: 7 state: 0`,
    });
    expect(await rpcError(node.url, 'testing_buildBlockV1', [`0x${'33'.repeat(32)}`, attributes(head), []])).toEqual({
      code: -32000,
      message: 'parentHash is not current head',
    });
    const stale = { ...attributes(head), timestamp: head.timestamp };
    expect(await rpcError(node.url, 'testing_buildBlockV1', [head.hash, stale, []])).toEqual({
      code: -32000,
      message: `invalid timestamp, parent ${BigInt(head.timestamp)} given ${BigInt(head.timestamp)}`,
    });
    expect((await latest()).hash).toBe(head.hash);
  });
});

describe('testing_buildBlockV1 in interval mining (the default)', () => {
  it('builds on the block a client read as latest after the head has moved on, from that block’s state', async () => {
    const interval = await startNodeProcess({ args: ['--block-time', '1000', '--preconf-interval', '100'] });
    const readLatest = () => rpcResult<Block>(interval.url, 'eth_getBlockByNumber', ['latest', false]);
    const before = await readLatest();
    // A transfer from a fresh sender, sealed after `before`.
    const raw = await signTransfer(6, 0);
    const hash = await rpcResult<Hex>(interval.url, 'eth_sendRawTransaction', [raw]);
    // Pre-confirmed receipts carry the zero block hash until the block is sealed.
    let sealedIn: Hex | undefined;
    while (sealedIn === undefined) {
      const blockHash = (await rpcResult<{ blockHash: Hex } | null>(interval.url, 'eth_getTransactionReceipt', [hash]))?.blockHash;
      if (blockHash !== undefined && BigInt(blockHash) !== 0n) sealedIn = blockHash;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await readLatest()).number).not.toBe(before.number);
    // On the block read before: the head moved on, the build is still the block after it, where nonce 0 applies.
    const onBefore = await rpcResult<Payload>(interval.url, 'testing_buildBlockV1', [before.hash, attributes(before), [raw]]);
    expect(onBefore.executionPayload).toMatchObject({ parentHash: before.hash, blockNumber: toHex(BigInt(before.number) + 1n), transactions: [raw] });
    // On the block that sealed it, the same transaction no longer applies.
    const sealed = await rpcResult<Block>(interval.url, 'eth_getBlockByHash', [sealedIn, false]);
    expect(await rpcError(interval.url, 'testing_buildBlockV1', [sealed.hash, attributes(sealed), [raw]])).toEqual({
      code: -32000,
      message: `nonce too low: address ${DEV_ACCOUNTS[6]!.address}, tx: 0 state: 1`,
    });
    // `latest`, read and built on at once, as a client in the default mode would.
    const latestNow = await readLatest();
    const built = await rpcResult<Payload>(interval.url, 'testing_buildBlockV1', [latestNow.hash, attributes(latestNow), null]);
    expect(built.executionPayload.parentHash).toBe(latestNow.hash);
  });
});
