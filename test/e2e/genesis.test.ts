/**
 * `--genesis FILE` as a user runs it: the real node started on a geth genesis file.
 *
 *   - the genesis block is geth's: its hash is the parent hash of block 1 of the chain geth exported from
 *     the same file (the execution-apis fixture), and the chain id and balances are the file's;
 *   - a chain whose Shanghai and Cancun activate at a timestamp a few seconds ahead runs each block under
 *     the rules of its own timestamp, blocks Sequin seals included: PUSH0 fails in a call on a block
 *     before the fork and succeeds on one after it (the earlier block keeps its rules), and only blocks
 *     after it carry withdrawals and blob fields;
 *   - a transaction signed by a dev account the file funds executes;
 *   - a restart needs no flag (the data directory keeps the file), and another file is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RLP } from '@ethereumjs/rlp';
import type { Hex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../src/primitives/hex.js';
import { EXECUTION_APIS_TESTS } from '../../src/testing/startImportedChainNode.js';
import { cleanupNodeProcesses, createTempDataDir, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollReceipt, pollUntil, rpc, rpcResult } from './helpers.js';

afterAll(cleanupNodeProcesses);

const CHAIN_ID = 4242;
/** PUSH0, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN: 32 zero bytes, if PUSH0 (Shanghai) exists. */
const PUSH0_CODE = '0x5f60005260206000f3';
const PUSH0_CONTRACT = '0x00000000000000000000000000000000000000aa';

interface BlockFields {
  number: Hex;
  hash: Hex;
  timestamp: Hex;
  baseFeePerGas?: Hex;
  withdrawalsRoot?: Hex;
  blobGasUsed?: Hex;
  parentBeaconBlockRoot?: Hex;
}

/** A merged London chain whose Shanghai and Cancun come at `forkTime`; dev account 0 funded, the PUSH0 contract deployed. */
function genesisWithForksAt(forkTime: number, genesisTime: number): string {
  return JSON.stringify({
    config: {
      chainId: CHAIN_ID,
      homesteadBlock: 0,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      petersburgBlock: 0,
      istanbulBlock: 0,
      berlinBlock: 0,
      londonBlock: 0,
      terminalTotalDifficulty: 0,
      shanghaiTime: forkTime,
      cancunTime: forkTime,
      blobSchedule: { cancun: { target: 3, max: 6, baseFeeUpdateFraction: 3338477 } },
    },
    difficulty: '0x0',
    gasLimit: '0x1c9c380',
    timestamp: `0x${genesisTime.toString(16)}`,
    alloc: {
      [DEV_ACCOUNTS[0]!.address]: { balance: '0x56bc75e2d63100000' },
      [PUSH0_CONTRACT]: { code: PUSH0_CODE, balance: '0x0' },
    },
  });
}

describe('--genesis', () => {
  it("gives the genesis block geth's hash for the same file, and the file's chain id and balances", async () => {
    const genesisFile = new URL('genesis.json', EXECUTION_APIS_TESTS).pathname;
    const genesis = JSON.parse(readFileSync(genesisFile, 'utf8')) as { config: { chainId: number }; alloc: Record<string, { balance: string }> };
    const firstBlock = RLP.decode(readFileSync(new URL('chain.rlp', EXECUTION_APIS_TESTS)), true) as unknown as { data: Uint8Array[][] };
    const gethGenesisHash = bytesToHex(firstBlock.data[0]![0]!); // block 1's parent hash
    const node = await startNodeProcess({ storage: 'temp', args: ['--genesis', genesisFile, '--mining', 'manual'] });
    const block = await rpcResult<BlockFields>(node.url, 'eth_getBlockByNumber', ['0x0', false]);
    expect(block.hash).toBe(gethGenesisHash);
    expect(Number(await rpcResult<Hex>(node.url, 'eth_chainId'))).toBe(genesis.config.chainId);
    const [address, account] = Object.entries(genesis.alloc).find(([, entry]) => BigInt(entry.balance) > 0n)!;
    expect(BigInt(await rpcResult<Hex>(node.url, 'eth_getBalance', [`0x${address.replace(/^0x/, '')}`, '0x0']))).toBe(BigInt(account.balance));
  });

  it('runs each block under the forks its timestamp selects, blocks Sequin seals included', { timeout: 60_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const forkTime = now + 6;
    const dataDir = createTempDataDir();
    const genesisFile = join(dataDir, '..', `${dataDir.split('/').pop()}-genesis.json`);
    writeFileSync(genesisFile, genesisWithForksAt(forkTime, now - 10));
    const node = await startNodeProcess({ storage: { dataDir }, args: ['--genesis', genesisFile, '--block-time', '1000'] });
    expect(Number(await rpcResult<Hex>(node.url, 'eth_chainId'))).toBe(CHAIN_ID);

    // A block before the fork: London's fields only, and no PUSH0.
    const before = await pollUntil(() => rpcResult<BlockFields | null>(node.url, 'eth_getBlockByNumber', ['0x1', false]), { what: 'block 1' });
    expect(Number(before.timestamp)).toBeLessThan(forkTime);
    expect(before.baseFeePerGas).toBeDefined();
    expect(before.withdrawalsRoot).toBeUndefined();
    expect(before.blobGasUsed).toBeUndefined();
    const refused = await rpc(node.url, 'eth_call', [{ to: PUSH0_CONTRACT }, before.number]);
    expect(refused.error?.message).toMatch(/invalid opcode/);

    // A transfer from the funded dev account, signed by the node.
    const hash = await rpcResult<Hex>(node.url, 'eth_sendTransaction', [{ from: DEV_ACCOUNTS[0]!.address, to: DEV_ACCOUNTS[1]!.address, value: '0x1' }]);
    expect((await pollReceipt(node.url, hash)).status).toBe('success');

    // The first block at or after the fork: Shanghai's and Cancun's fields, and PUSH0.
    const after = await pollUntil(
      async () => {
        const latest = await rpcResult<BlockFields>(node.url, 'eth_getBlockByNumber', ['latest', false]);
        return Number(latest.timestamp) >= forkTime ? latest : undefined;
      },
      { timeoutMs: 20_000, what: 'a block after the fork' },
    );
    expect(after.withdrawalsRoot).toBe('0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'); // no withdrawals
    expect(after.blobGasUsed).toBe('0x0');
    expect(after.parentBeaconBlockRoot).toBeDefined();
    expect(await rpcResult<Hex>(node.url, 'eth_call', [{ to: PUSH0_CONTRACT }, after.number])).toBe(`0x${'00'.repeat(32)}`);
    // The block before the fork keeps its rules.
    expect((await rpc(node.url, 'eth_call', [{ to: PUSH0_CONTRACT }, before.number])).error?.message).toMatch(/invalid opcode/);

    // A restart needs no flag; another genesis file is refused.
    await node.stop();
    const restarted = await startNodeProcess({ storage: { dataDir } });
    expect(Number(await rpcResult<Hex>(restarted.url, 'eth_chainId'))).toBe(CHAIN_ID);
    await restarted.stop();
    const otherFile = `${genesisFile}.other.json`;
    writeFileSync(otherFile, genesisWithForksAt(forkTime + 1, now - 10));
    const refusedStart = runSequinCommand(['--port', '0', '--data-dir', dataDir, '--genesis', otherFile]);
    expect(refusedStart.status).not.toBe(0);
    expect(refusedStart.stderr).toMatch(/genesis/);
  });
});
