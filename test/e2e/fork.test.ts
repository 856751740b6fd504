/**
 * Fork mode end to end: real nodes on loopback are forked by a real Sequin process, through a
 * recording proxy that counts what the fork asks the remote. The origins are a running Sequin and
 * Anvil. On each: an ERC-20 is deployed and tokens given to a holder; the fork then shows the
 * origin's balances, nonces, code and storage at the fork block, and moves the holder's tokens
 * with pre-confirmations and `pending` reads. kill -9 and a restart on the same data directory make
 * no second remote request for what was cached; a failing remote gives a clear error naming the
 * remote without its API key, never a hang.
 */
import { type Hex, hexToBytes, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingProxy, startRecordingProxy } from '../../src/testing/RecordingProxy.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { cleanupHardhatNodes, type HardhatNode, startHardhatNode } from '../../src/testing/tools/startHardhatNode.js';
import { verifyMerkleProof } from '../../src/testing/verifyMerkleProof.js';
import { API_KEY_PATH, abi, balanceSlot, GIVEN, type Origin, prepareOrigin, startFork } from './forkOrigin.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, sleep, viemClients, waitForBlockAfter, ZERO_HASH } from './helpers.js';

const STATE_METHODS = ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_getStorageAt'];

/** Checks the fork shows the origin's state at the fork block, and its own on top. */
async function expectOriginState(fork: NodeProcess, origin: Origin): Promise<void> {
  const at = `0x${origin.forkBlock.toString(16)}`;
  const sender = DEV_ACCOUNTS[0]!.address;
  const slot = balanceSlot(origin.holder);
  const reads: Array<[string, unknown[]]> = [
    ['eth_getBalance', [origin.payee, at]],
    ['eth_getTransactionCount', [sender, at]],
    ['eth_getCode', [origin.token, at]],
    ['eth_getStorageAt', [origin.token, slot, at]],
    ['eth_getBalance', [sender, at]],
  ];
  for (const [method, params] of reads) expect(await rpcResult(fork.url, method, params), method).toEqual(await rpcResult(origin.url, method, params));
  // The fork's own state (latest) reads through to the remote for what it did not change.
  const untouched: Array<[string, unknown[]]> = [...reads.slice(0, 3), ['eth_getStorageAt', [origin.token, '0x0', at]]];
  for (const [method, params] of untouched) {
    expect(await rpcResult(fork.url, method, [...params.slice(0, -1), 'latest']), `${method} at latest`).toEqual(await rpcResult(origin.url, method, params));
  }
  // The dev accounts are funded on the fork, as Anvil funds them; their nonces stay the origin's.
  expect(await rpcResult(fork.url, 'eth_getBalance', [sender, 'latest'])).toBe(`0x${parseEther('10000').toString(16)}`);
  expect(await rpcResult(fork.url, 'eth_getTransactionCount', [sender, 'latest'])).toBe(await rpcResult(origin.url, 'eth_getTransactionCount', [sender, at]));
}

/** Moves the holder's tokens on the fork: pre-confirmed (pending shows it, latest not yet), then sealed on top of the fork block. */
async function expectTokenTransferOnFork(fork: NodeProcess, origin: Origin): Promise<void> {
  const { publicClient, walletClient } = viemClients(fork.url, 5);
  const recipient = privateKeyToAddress(generatePrivateKey());
  const amount = 1_234n * 10n ** 18n;
  const hash = await walletClient.writeContract({ address: origin.token, abi, functionName: 'transfer', args: [recipient, amount] });
  const receipt = await pollReceipt(fork.url, hash, 10_000);
  expect(receipt.status).toBe('success');
  expect(receipt.blockNumber).toBeGreaterThan(origin.forkBlock);
  const read = (address: Hex, blockTag: 'pending' | 'latest') =>
    publicClient.readContract({ address: origin.token, abi, functionName: 'balanceOf', args: [address], blockTag });
  if (receipt.blockHash === ZERO_HASH) {
    // Pre-confirmed, not sealed yet: pending has it, latest does not.
    expect(await read(recipient, 'pending')).toBe(amount);
  }
  const sealedAt = await waitForBlockAfter(fork.url, receipt.blockNumber - 1n);
  expect(sealedAt).toBeGreaterThanOrEqual(receipt.blockNumber);
  expect(await read(recipient, 'latest')).toBe(amount);
  expect(await read(origin.holder, 'latest')).toBe(GIVEN - amount);
  // Traces and proofs work on forked state: the transfer's call frame, and the token's account and the recipient's slot proven against the sealed block's root.
  const trace = await rpcResult<{ type: string; to: Hex }>(fork.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]);
  expect(trace).toMatchObject({ type: 'CALL', to: origin.token.toLowerCase() });
  const sealed = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
  const proof = await publicClient.getProof({ address: origin.token, storageKeys: [balanceSlot(recipient)], blockNumber: receipt.blockNumber });
  expect(
    verifyMerkleProof(
      hexToBytes(sealed.stateRoot),
      hexToBytes(origin.token),
      proof.accountProof.map((node) => hexToBytes(node)),
    ),
  ).toBeDefined();
  expect(proof.storageProof[0]!.value).toBe(amount);
  expect(
    verifyMerkleProof(
      hexToBytes(proof.storageHash),
      hexToBytes(balanceSlot(recipient)),
      proof.storageProof[0]!.proof.map((node) => hexToBytes(node)),
    ),
  ).toBeDefined();
  // The origin is untouched.
  const originClient = viemClients(origin.url).publicClient;
  expect(await originClient.readContract({ address: origin.token, abi, functionName: 'balanceOf', args: [recipient] })).toBe(0n);
  // The fork's first block sits on the origin's fork block.
  const forkBlockHash = (await rpcResult<{ hash: Hex }>(origin.url, 'eth_getBlockByNumber', [`0x${origin.forkBlock.toString(16)}`, false])).hash;
  const first = await rpcResult<{ parentHash: Hex }>(fork.url, 'eth_getBlockByNumber', [`0x${(origin.forkBlock + 1n).toString(16)}`, false]);
  expect(first.parentHash).toBe(forkBlockHash);
}

afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupAnvilProcesses();
  await cleanupHardhatNodes();
});

describe('forking a running Sequin', () => {
  let originNode: NodeProcess;
  let origin: Origin;
  let proxy: RecordingProxy;
  let fork: NodeProcess;

  beforeAll(async () => {
    originNode = await startNodeProcess();
    origin = await prepareOrigin(originNode.url, (after) => waitForBlockAfter(originNode.url, after));
    proxy = await startRecordingProxy(originNode.url);
    fork = await startFork(proxy, origin);
  }, 60_000);
  afterAll(() => proxy?.close());

  it("starts on the origin's block with its chain id, and serves the origin's history", async () => {
    expect(await rpcResult(fork.url, 'eth_chainId')).toBe(await rpcResult(originNode.url, 'eth_chainId'));
    const at = `0x${origin.forkBlock.toString(16)}`;
    const forkBlock = await rpcResult<{ timestamp: Hex }>(originNode.url, 'eth_getBlockByNumber', [at, false]);
    expect(await rpcResult(fork.url, 'eth_getBlockByNumber', [at, false])).toEqual(forkBlock);
    // The fork's chain starts at the forked block: its time is the fork's genesis time.
    expect(await rpcResult(fork.url, 'anvil_getGenesisTime')).toBe(Number(forkBlock.timestamp));
    const logs = await rpcResult<unknown[]>(fork.url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: at, address: origin.token }]);
    expect(logs).toEqual(await rpcResult(originNode.url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: at, address: origin.token }]));
    expect(logs.length).toBe(2);
  });

  it("shows the origin's balances, nonces, code and storage at the fork block", async () => {
    await expectOriginState(fork, origin);
  });

  it("transfers the origin's ERC-20 on the fork, pre-confirmed first", async () => {
    await expectTokenTransferOnFork(fork, origin);
  }, 30_000);

  it('after kill -9 and a restart on the same data directory, asks the remote nothing it asked before', async () => {
    const dataDir = fork.dataDir!;
    await expectOriginState(fork, origin);
    await fork.kill9();
    const before = proxy.methods.length;
    fork = await startFork(proxy, origin, { dataDir });
    await expectOriginState(fork, origin);
    expect(proxy.methods.slice(before).filter((method) => STATE_METHODS.includes(method))).toEqual([]);
    expect(proxy.methods.slice(before)).toEqual([]);
  }, 30_000);

  it('anvil_setRpcUrl repoints the remote; what was cached stays', async () => {
    const second = await startRecordingProxy(originNode.url);
    try {
      expect(await rpcResult(fork.url, 'anvil_setRpcUrl', [`${second.url}${API_KEY_PATH}`])).toBeNull();
      const firstBefore = proxy.requests;
      expect(await rpcResult(fork.url, 'eth_getBalance', [privateKeyToAddress(generatePrivateKey()), 'latest'])).toBe('0x0');
      await expectOriginState(fork, origin);
      expect(second.methods).toEqual(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']);
      expect(proxy.requests).toBe(firstBefore);
      expect(await rpcError(fork.url, 'anvil_setRpcUrl', ['ftp://node.example'])).toMatchObject({
        code: -32602,
        message: 'invalid argument 0: the URL must use http or https, got "ftp:"',
      });
      // anvil_nodeInfo reports the fork, its URL redacted.
      const info = await rpcResult<{ forkConfig: unknown }>(fork.url, 'anvil_nodeInfo');
      expect(info.forkConfig).toEqual({ forkUrl: `${second.url}/…`, forkBlockNumber: Number(origin.forkBlock), forkRetryBackoff: 100 });
      // A node that is not a fork ignores it, as Anvil does.
      expect(await rpcResult(originNode.url, 'anvil_setRpcUrl', [second.url])).toBeNull();
    } finally {
      await rpcResult(fork.url, 'anvil_setRpcUrl', [`${proxy.url}${API_KEY_PATH}`]);
      await second.close();
    }
  });

  it('never shows the API key of the fork URL in its output', () => {
    expect(fork.stdout() + fork.stderr()).not.toContain('SECRET-KEY');
    expect(fork.stdout()).toContain(`${proxy.url}/…`);
  });

  it('answers a failing remote with an error naming the remote and the call, without the key, after its retries', async () => {
    const failing = await startRecordingProxy(originNode.url);
    // 1 s per attempt: start-up reads the origin through the same limit, and a loaded origin can take 300 ms.
    const node = await startNodeProcess({
      storage: 'temp',
      args: ['--fork-url', `${failing.url}${API_KEY_PATH}`, '--fork-block-number', String(origin.forkBlock), '--fork-retries', '2', '--fork-timeout', '1000'],
    });
    try {
      failing.behaviour = { kind: 'status', status: 503 };
      const fresh = privateKeyToAddress(generatePrivateKey());
      const refused = await rpcError(node.url, 'eth_getBalance', [fresh, 'latest']);
      expect(refused.message).toBe(`fork remote ${failing.url}/… failed eth_getBalance+eth_getTransactionCount+eth_getCode: HTTP 503 (after 3 attempts)`);
      // Counted by account: the node's first seal reads the system contracts through the same remote, at a time a loaded run cannot fix.
      expect(failing.bodies.filter((body) => body.toLowerCase().includes(fresh.toLowerCase().slice(2))).length).toBe(3);

      failing.behaviour = { kind: 'hang' };
      const started = Date.now();
      const hung = await rpcError(node.url, 'eth_getCode', [privateKeyToAddress(generatePrivateKey()), 'latest']);
      expect(hung.message).toMatch(
        /^fork remote http:\/\/127\.0\.0\.1:\d+\/… failed eth_getBalance\+eth_getTransactionCount\+eth_getCode: timed out after 1000 ms \(after 3 attempts\)$/,
      );
      // Its own three attempts take 3 × 1 s plus 0.3 s of backoff. A cold read stalls the thread
      // that makes it (docs/guides/forking.md), and the sequencer's seals read the system
      // contracts through the same remote on the main thread: the call may arrive while a seal is
      // in its own three attempts. Twice that, and as much again for a loaded machine (10.1 s was
      // measured in one fresh-clone CI run); a hang would run to the fetch deadline, over a minute.
      const oneReadGivingUpMs = 3 * 1_000 + 300;
      expect(Date.now() - started).toBeLessThan(4 * oneReadGivingUpMs);

      // A transaction whose execution needs the failing remote waits in the pool; it is not dropped.
      failing.behaviour = { kind: 'status', status: 503 };
      const { walletClient } = viemClients(node.url, 5);
      const waiting = await walletClient.writeContract({ address: origin.token, abi, functionName: 'transfer', args: [fresh, 1n], gas: 100_000n });
      await sleep(1_500);
      expect(await rpcResult(node.url, 'eth_getTransactionReceipt', [waiting])).toBeNull();

      // The remote is back: the node serves again, and the waiting transaction executes.
      failing.behaviour = { kind: 'forward' };
      expect((await pollReceipt(node.url, waiting, 10_000)).status).toBe('success');
      expect(await rpcResult(node.url, 'eth_getBalance', [origin.payee, 'latest'])).toBe(`0x${parseEther('1.5').toString(16)}`);
      expect(JSON.stringify([refused, hung]) + node.stdout() + node.stderr()).not.toContain('SECRET-KEY');
    } finally {
      await node.stop();
      await failing.close();
    }
  }, 30_000);
});

describe('forking Anvil', () => {
  let anvil: AnvilProcess;
  let origin: Origin;
  let proxy: RecordingProxy;
  let fork: NodeProcess;

  beforeAll(async () => {
    anvil = await startAnvil();
    // Anvil automines: every transaction is its own block.
    origin = await prepareOrigin(anvil.url, async () => BigInt(await rpcResult<Hex>(anvil.url, 'eth_blockNumber')));
    proxy = await startRecordingProxy(anvil.url);
    fork = await startFork(proxy, origin);
  }, 60_000);
  afterAll(() => proxy?.close());

  it("shows the origin's balances, nonces, code and storage at the fork block", async () => {
    await expectOriginState(fork, origin);
  });

  it("transfers the origin's ERC-20 on the fork, pre-confirmed first", async () => {
    await expectTokenTransferOnFork(fork, origin);
  }, 30_000);
});

describe('forking Hardhat 3', () => {
  let hardhat: HardhatNode;
  let origin: Origin;
  let proxy: RecordingProxy;
  let fork: NodeProcess;

  beforeAll(async () => {
    hardhat = await startHardhatNode();
    // Hardhat automines: every transaction is its own block.
    origin = await prepareOrigin(hardhat.url, async () => BigInt(await rpcResult<Hex>(hardhat.url, 'eth_blockNumber')));
    proxy = await startRecordingProxy(hardhat.url);
    fork = await startFork(proxy, origin);
  }, 180_000);
  afterAll(() => proxy?.close());

  it("shows the origin's balances, nonces, code and storage at the fork block", async () => {
    await expectOriginState(fork, origin);
  });

  it("transfers the origin's ERC-20 on the fork, pre-confirmed first", async () => {
    await expectTokenTransferOnFork(fork, origin);
  }, 30_000);
});
