/**
 * anvil_mine / hardhat_mine of thousands of blocks against the real node process: every block is a
 * real block (numbers, parent hashes, timestamps with the interval, EIP-2935 history and EIP-4788
 * beacon roots written by each, BLOCKHASH of old blocks from a contract, any block by number), each
 * announced on newHeads, and a kill -9 part-way leaves the chain before or after the whole run.
 */
import { type Hex, numberToHex, pad } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import predeploys from '../../src/config/opStack/predeployGenesis.json' with { type: 'json' };
import { cleanupNodeProcesses, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcResult, sleep } from './helpers.js';
import { connectWs } from './wsClient.js';

afterAll(cleanupNodeProcesses);

/**
 * EIP-2935's history contract and EIP-4788's beacon roots contract: a dev chain starts without them (as
 * Anvil's and Hardhat's); the test deploys the EIPs' code with anvil_setCode, as hardhat-predeploy does.
 */
const HISTORY_STORAGE: Hex = '0x0000f90827f1c53a10cb7a02335b175320002935';
const BEACON_ROOTS: Hex = '0x000f3df6d732807ef1319fb7b8bb8522d0beac02';
const systemCode = (address: Hex) => (predeploys.systemContracts as Record<string, { code: Hex }>)[address.slice(2)]!.code;

interface RpcHeader {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  parentBeaconBlockRoot: Hex;
}

/**
 * Init code run by eth_call (no `to`): returns a zero byte and BLOCKHASH(number), as a contract reading an old
 * block would. What init code returns is the code it deploys, which EIP-3541 refuses when it begins with 0xef:
 * the hash alone would fail the call in one run out of 256.
 */
function blockHashCode(number: bigint): Hex {
  // PUSH4 number, BLOCKHASH, PUSH1 1, MSTORE, PUSH1 33, PUSH1 0, RETURN
  return `0x63${number.toString(16).padStart(8, '0')}4060015260216000f3`;
}
/** What blockHashCode's call answers for `hash`. */
const afterZeroByte = (hash: Hex): Hex => `0x00${hash.slice(2)}`;

describe('mining thousands of blocks at once', () => {
  it('hardhat_mine of 10,000 blocks with an interval: each block real, chained, timed, and in the system contracts', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--mining', 'instant', '--hardfork', 'prague'] });
    const block = (number: bigint) => rpcResult<RpcHeader>(node.url, 'eth_getBlockByNumber', [numberToHex(number), false]);
    await rpcResult(node.url, 'anvil_setCode', [HISTORY_STORAGE, systemCode(HISTORY_STORAGE)]);
    await rpcResult(node.url, 'anvil_setCode', [BEACON_ROOTS, systemCode(BEACON_ROOTS)]);
    const start = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    expect(await rpcResult(node.url, 'hardhat_mine', ['0x2710', '0xc'])).toBe(true);
    const head = start + 10_000n;
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'))).toBe(head);

    for (const number of [start + 1n, start + 2n, start + 5_000n, head - 1n, head]) {
      const [parent, child] = await Promise.all([block(number - 1n), block(number)]);
      expect(BigInt(child.number)).toBe(number);
      expect(child.parentHash).toBe(parent.hash);
      if (number > start + 1n) expect(BigInt(child.timestamp) - BigInt(parent.timestamp)).toBe(12n);
    }

    // BLOCKHASH reaches 256 blocks back; the history contract (EIP-2935) 8,191.
    const recent = await block(head - 200n);
    expect(await rpcResult(node.url, 'eth_call', [{ data: blockHashCode(head - 200n) }, 'latest'])).toBe(afterZeroByte(recent.hash));
    expect(await rpcResult(node.url, 'eth_call', [{ data: blockHashCode(head - 300n) }, 'latest'])).toBe(afterZeroByte(pad('0x0')));
    const old = await block(head - 8_000n);
    expect(await rpcResult(node.url, 'eth_call', [{ to: HISTORY_STORAGE, data: pad(numberToHex(head - 8_000n)) }, 'latest'])).toBe(old.hash);

    // Each block stored its parent beacon root under its timestamp (EIP-4788), in a ring of 8,191 seconds.
    const middle = await block(head - 500n);
    expect(await rpcResult(node.url, 'eth_call', [{ to: BEACON_ROOTS, data: pad(middle.timestamp) }, 'latest'])).toBe(middle.parentBeaconBlockRoot);

    // A transaction after the run lands in the next block, on top of it.
    await rpcResult(node.url, 'evm_mine');
    expect((await block(head + 1n)).parentHash).toBe((await block(head)).hash);
  }, 300_000);

  it('newHeads announces every mined block, in order', async () => {
    const node = await startNodeProcess({ args: ['--mining', 'instant'] });
    const client = await connectWs(node.url);
    const start = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const id = await client.subscribe('newHeads');
    await rpcResult(node.url, 'anvil_mine', ['0x1f4']);
    const heads = await client.waitFor(id, 500);
    expect(heads.map((head) => BigInt((head.result as RpcHeader).number))).toEqual(Array.from({ length: 500 }, (_, index) => start + 1n + BigInt(index)));
    client.close();
  }, 60_000);

  it('a kill -9 part-way leaves the chain before or after the whole run (one commit of up to 10,000 blocks), never part of it', async () => {
    const node = await startNodeProcess({ storage: 'temp', args: ['--mining', 'instant'] });
    await rpcResult(node.url, 'anvil_mine', ['0x2']);
    const start = BigInt(await rpcResult<Hex>(node.url, 'eth_blockNumber'));
    const mining = rpcResult(node.url, 'anvil_mine', ['0x2710']).catch(() => 'killed');
    await sleep(500);
    await node.kill9();
    await mining;

    const restarted = await startNodeProcess({ storage: { dataDir: node.dataDir! }, args: ['--mining', 'instant'] });
    const head = BigInt(await rpcResult<Hex>(restarted.url, 'eth_blockNumber'));
    expect([start, start + 10_000n]).toContain(head);
    const [parent, latest] = await Promise.all(
      [head - 1n, head].map((number) => rpcResult<RpcHeader>(restarted.url, 'eth_getBlockByNumber', [numberToHex(number), false])),
    );
    expect(latest.parentHash).toBe(parent.hash);
    // The chain goes on from there.
    await rpcResult(restarted.url, 'anvil_mine', ['0x2']);
    expect(BigInt(await rpcResult<Hex>(restarted.url, 'eth_blockNumber'))).toBe(head + 2n);
  }, 120_000);
});
