/**
 * Fork mode's dev methods end to end, on a real Sequin process forking a running Sequin (and, to
 * re-fork onto another remote, Anvil) through recording proxies: impersonation, setBalance,
 * setStorageAt, setCode and snapshots on forked accounts; calls, estimates and traces at blocks
 * below the fork block answered from the remote's state there; anvil_reset re-forking onto
 * another block or remote, and back to the start block without parameters; anvil_nodeInfo and
 * anvil_metadata describing the fork.
 */
import { encodeFunctionData, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordingProxy, startRecordingProxy } from '../../src/testing/RecordingProxy.js';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { type AnvilProcess, cleanupAnvilProcesses, startAnvil } from '../../src/testing/tools/startAnvil.js';
import { API_KEY_PATH, abi, balanceSlot, GIVEN, type Origin, prepareOrigin, startFork } from './forkOrigin.js';
import { DEV_ACCOUNTS, pollReceipt, rpcError, rpcResult, viemClients, waitForBlockAfter } from './helpers.js';

/** A holder that is no dev account: only impersonation can move its tokens. */
const WHALE = privateKeyToAddress(generatePrivateKey());

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;
const balanceOfCall = (token: Hex, holder: Hex) => ({ to: token, data: encodeFunctionData({ abi, functionName: 'balanceOf', args: [holder] }) });
const transferData = (to: Hex, amount: bigint) => encodeFunctionData({ abi, functionName: 'transfer', args: [to, amount] });

afterAll(async () => {
  await cleanupNodeProcesses();
  await cleanupAnvilProcesses();
});

describe('a fork of a running Sequin: dev methods, history below the fork block, re-forking', () => {
  let originNode: NodeProcess;
  let origin: Origin;
  let proxy: RecordingProxy;
  let fork: NodeProcess;

  beforeAll(async () => {
    originNode = await startNodeProcess();
    origin = await prepareOrigin(originNode.url, (after) => waitForBlockAfter(originNode.url, after), WHALE);
    proxy = await startRecordingProxy(originNode.url);
    // Geth's answers on both sides (`--compat auto` would be Hardhat's with instant mining): the fork's are compared with its origin's.
    fork = await startFork(proxy, origin, { args: ['--mining', 'instant', '--compat', 'sequin'] });
  }, 60_000);
  afterAll(() => proxy?.close());

  it('impersonates a holder of the origin’s ERC-20, edits forked accounts, and a revert brings the forked values back', async () => {
    const { token, payee } = origin;
    const recipient = privateKeyToAddress(generatePrivateKey());
    const slot = balanceSlot(WHALE);
    const read = async () => ({
      whaleTokens: BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [balanceOfCall(token, WHALE), 'latest'])),
      recipientTokens: BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [balanceOfCall(token, recipient), 'latest'])),
      whaleEth: BigInt(await rpcResult<Hex>(fork.url, 'eth_getBalance', [WHALE, 'latest'])),
      payeeEth: BigInt(await rpcResult<Hex>(fork.url, 'eth_getBalance', [payee, 'latest'])),
      payeeCode: await rpcResult<Hex>(fork.url, 'eth_getCode', [payee, 'latest']),
      whaleSlot: await rpcResult<Hex>(fork.url, 'eth_getStorageAt', [token, slot, 'latest']),
    });
    const forked = await read();
    // The forked values are the origin's at the fork block.
    expect(forked).toEqual({
      whaleTokens: GIVEN,
      recipientTokens: 0n,
      whaleEth: 0n,
      payeeEth: parseEther('1.5'),
      payeeCode: '0x',
      whaleSlot: await rpcResult<Hex>(origin.url, 'eth_getStorageAt', [token, slot, hex(origin.forkBlock)]),
    });
    const snapshot = await rpcResult<Hex>(fork.url, 'evm_snapshot');

    // The whale has no ETH and no key here: fund it, impersonate it, move its tokens.
    expect(await rpcResult(fork.url, 'anvil_setBalance', [WHALE, hex(parseEther('2'))])).toBeNull();
    expect(await rpcError(fork.url, 'eth_sendTransaction', [{ from: WHALE, to: token, data: transferData(recipient, 1n) }])).toMatchObject({
      message: expect.stringMatching(/unknown account|not impersonated|no key/i),
    });
    expect(await rpcResult(fork.url, 'anvil_impersonateAccount', [WHALE])).toBeNull();
    const amount = 1_234n * 10n ** 18n;
    const hash = await rpcResult<Hex>(fork.url, 'eth_sendTransaction', [{ from: WHALE, to: token, data: transferData(recipient, amount) }]);
    expect((await pollReceipt(fork.url, hash, 10_000)).status).toBe('success');
    expect(await rpcResult(fork.url, 'anvil_stopImpersonatingAccount', [WHALE])).toBeNull();
    // Storage and code of forked accounts, edited: the whale's balance slot, and code on a forked EOA.
    const edited = `0x${777n.toString(16).padStart(64, '0')}` as Hex;
    expect(await rpcResult(fork.url, 'anvil_setStorageAt', [token, slot, edited])).toBe(true);
    expect(await rpcResult(fork.url, 'anvil_setCode', [payee, '0x6001600055'])).toBeNull();
    const changed = await read();
    expect(changed).toMatchObject({ whaleTokens: 777n, recipientTokens: amount, payeeEth: parseEther('1.5'), payeeCode: '0x6001600055', whaleSlot: edited });
    expect(changed.whaleEth).toBeLessThan(parseEther('2'));
    expect(changed.whaleEth).toBeGreaterThan(parseEther('1.9'));

    expect(await rpcResult(fork.url, 'evm_revert', [snapshot])).toBe(true);
    expect(await read()).toEqual(forked);
    expect(await rpcResult(fork.url, 'eth_getTransactionReceipt', [hash])).toBeNull();
    // The origin never saw any of it.
    expect(BigInt(await rpcResult<Hex>(origin.url, 'eth_call', [balanceOfCall(token, recipient), 'latest']))).toBe(0n);
  }, 60_000);

  it('answers calls, estimates and state reads at a block below the fork block from the remote’s state there, cached', async () => {
    const { token } = origin;
    const before = hex(origin.givenBlock - 1n);
    const at = hex(origin.givenBlock);
    // Before the transfer the whale held nothing; from its block on, GIVEN: the fork answers as the origin does.
    for (const block of [before, at]) {
      const call = [balanceOfCall(token, WHALE), block];
      expect(await rpcResult(fork.url, 'eth_call', call), `eth_call at ${block}`).toBe(await rpcResult(origin.url, 'eth_call', call));
      const storage = [token, balanceSlot(WHALE), block];
      expect(await rpcResult(fork.url, 'eth_getStorageAt', storage)).toBe(await rpcResult(origin.url, 'eth_getStorageAt', storage));
    }
    expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [balanceOfCall(token, WHALE), before]))).toBe(0n);
    expect(await rpcResult(fork.url, 'eth_getBalance', [origin.payee, before])).toBe('0x0');
    // An estimate at an older block runs there too: a transfer of tokens the whale did not hold yet reverts.
    const transfer = { from: WHALE, to: token, data: transferData(DEV_ACCOUNTS[1]!.address, 1n) };
    const refused = await rpcError(fork.url, 'eth_estimateGas', [transfer, before]);
    expect(refused.message).toContain('execution reverted');
    expect(refused).toEqual(await rpcError(origin.url, 'eth_estimateGas', [transfer, before]));
    expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_estimateGas', [transfer, at]))).toBeGreaterThan(21_000n);
    // A block the remote has not got, by number, is geth's "header not found".
    expect(await rpcError(fork.url, 'eth_call', [balanceOfCall(token, WHALE), hex(origin.forkBlock + 1000n)])).toMatchObject({ message: 'header not found' });

    // Cached: the same state read again, by another call (another gas limit: not the answer cache's), asks the remote nothing.
    const requests = proxy.requests;
    expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [{ ...balanceOfCall(token, WHALE), gas: '0x100000' }, before]))).toBe(0n);
    expect(proxy.requests).toBe(requests);
  }, 30_000);

  it('traces the origin’s transactions and calls at past blocks on the remote’s state', async () => {
    const config = { tracer: 'callTracer' };
    const trace = await rpcResult<{ type: string; to: Hex; gasUsed: Hex }>(fork.url, 'debug_traceTransaction', [origin.givenHash, config]);
    expect(trace).toEqual(await rpcResult(origin.url, 'debug_traceTransaction', [origin.givenHash, config]));
    expect(trace).toMatchObject({ type: 'CALL', to: origin.token.toLowerCase() });
    // The default struct logger too, step for step.
    expect(await rpcResult(fork.url, 'debug_traceTransaction', [origin.givenHash, {}])).toEqual(
      await rpcResult(origin.url, 'debug_traceTransaction', [origin.givenHash, {}]),
    );
    const blockTrace = await rpcResult<Array<{ txHash: Hex }>>(fork.url, 'debug_traceBlockByNumber', [hex(origin.givenBlock), config]);
    expect(blockTrace).toEqual(await rpcResult(origin.url, 'debug_traceBlockByNumber', [hex(origin.givenBlock), config]));
    expect(blockTrace.map((entry) => entry.txHash)).toContain(origin.givenHash);
    const callAt = [{ from: WHALE, to: origin.token, data: transferData(DEV_ACCOUNTS[1]!.address, 1n) }, hex(origin.givenBlock - 1n), config];
    const pastCall = await rpcResult<{ error?: string }>(fork.url, 'debug_traceCall', callAt);
    expect(pastCall).toEqual(await rpcResult(origin.url, 'debug_traceCall', callAt));
    expect(pastCall.error).toBe('execution reverted');
  }, 30_000);

  it('anvil_reset with forking re-forks onto another block, without parameters goes back to the start block, and onto another remote', async () => {
    const { publicClient } = viemClients(fork.url);
    const startInfo = await rpcResult<{ forkConfig: unknown }>(fork.url, 'anvil_nodeInfo');
    expect(startInfo.forkConfig).toEqual({ forkUrl: `${proxy.url}/…`, forkBlockNumber: Number(origin.forkBlock), forkRetryBackoff: 100 });
    // Something of the fork's own, to be dropped by the reset.
    const own = await viemClients(fork.url, 1).walletClient.sendTransaction({ to: origin.payee, value: 1n });
    expect((await pollReceipt(fork.url, own, 10_000)).blockNumber).toBeGreaterThan(origin.forkBlock);
    const snapshot = await rpcResult<Hex>(fork.url, 'evm_snapshot');

    // Onto the block before the whale got its tokens (viem's reset sends `{ forking: { jsonRpcUrl, blockNumber } }`).
    const earlier = origin.givenBlock - 1n;
    expect(await rpcResult(fork.url, 'anvil_reset', [{ forking: { jsonRpcUrl: `${proxy.url}${API_KEY_PATH}`, blockNumber: Number(earlier) } }])).toBeNull();
    expect(await publicClient.getBlockNumber()).toBe(earlier);
    expect(await rpcResult(fork.url, 'eth_getTransactionReceipt', [own])).toBeNull();
    expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [balanceOfCall(origin.token, WHALE), 'latest']))).toBe(0n);
    expect(await rpcResult(fork.url, 'eth_getBalance', [origin.payee, 'latest'])).toBe('0x0');
    // Snapshots of the old chain are gone.
    expect(await rpcResult(fork.url, 'evm_revert', [snapshot])).toBe(false);
    const info = await rpcResult<{ forkConfig: { forkBlockNumber: number }; currentBlockNumber: Hex }>(fork.url, 'anvil_nodeInfo');
    expect(info.forkConfig.forkBlockNumber).toBe(Number(earlier));
    const originBlock = await rpcResult<{ hash: Hex }>(origin.url, 'eth_getBlockByNumber', [hex(earlier), false]);
    expect(await rpcResult(fork.url, 'anvil_metadata')).toMatchObject({
      forkedNetwork: { chainId: 31337, forkBlockNumber: Number(earlier), forkBlockHash: originBlock.hash },
    });
    // The chain goes on from the new fork block: the dev accounts funded, a transfer sealed on top of the origin's block.
    expect(await rpcResult(fork.url, 'eth_getBalance', [DEV_ACCOUNTS[3]!.address, 'latest'])).toBe(hex(parseEther('10000')));
    const next = await viemClients(fork.url, 3).walletClient.sendTransaction({ to: origin.payee, value: 5n });
    const receipt = await pollReceipt(fork.url, next, 10_000);
    expect(receipt.blockNumber).toBe(earlier + 1n);
    expect((await rpcResult<{ parentHash: Hex }>(fork.url, 'eth_getBlockByNumber', [hex(earlier + 1n), false])).parentHash).toBe(originBlock.hash);
    expect(await rpcResult(fork.url, 'eth_getBalance', [origin.payee, 'latest'])).toBe('0x5');

    // Without parameters: back to the block the node started on.
    expect(await rpcResult(fork.url, 'anvil_reset', [])).toBeNull();
    expect(await publicClient.getBlockNumber()).toBe(origin.forkBlock);
    expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_call', [balanceOfCall(origin.token, WHALE), 'latest']))).toBe(GIVEN);
    expect(await rpcResult(fork.url, 'eth_getBalance', [origin.payee, 'latest'])).toBe(hex(parseEther('1.5')));
    expect(await rpcResult(fork.url, 'eth_getTransactionReceipt', [next])).toBeNull();
    expect((await rpcResult<{ forkConfig: { forkBlockNumber: number } }>(fork.url, 'anvil_nodeInfo')).forkConfig.forkBlockNumber).toBe(
      Number(origin.forkBlock),
    );

    // A block the remote does not have: a clear error, and the chain untouched.
    const missing = await rpcError(fork.url, 'anvil_reset', [{ forking: { blockNumber: Number(origin.forkBlock + 10_000n) } }]);
    expect(missing.message).toBe(`fork remote ${proxy.url}/… failed eth_getBlockByNumber: no block ${origin.forkBlock + 10_000n}`);
    expect(await publicClient.getBlockNumber()).toBe(origin.forkBlock);
    expect(fork.stdout() + fork.stderr() + JSON.stringify(missing)).not.toContain('SECRET-KEY');
  }, 60_000);

  describe('re-forking onto another remote (Anvil)', () => {
    let anvil: AnvilProcess;
    let anvilOrigin: Origin;
    let anvilProxy: RecordingProxy;

    beforeAll(async () => {
      anvil = await startAnvil();
      anvilOrigin = await prepareOrigin(anvil.url, async () => BigInt(await rpcResult<Hex>(anvil.url, 'eth_blockNumber')));
      anvilProxy = await startRecordingProxy(anvil.url);
    }, 60_000);
    afterAll(() => anvilProxy?.close());

    it("reads the new remote's state at its block; the old remote is asked nothing more", async () => {
      expect(
        await rpcResult(fork.url, 'anvil_reset', [{ forking: { jsonRpcUrl: `${anvilProxy.url}${API_KEY_PATH}`, blockNumber: hex(anvilOrigin.forkBlock) } }]),
      ).toBeNull();
      const oldRequests = proxy.requests;
      expect(BigInt(await rpcResult<Hex>(fork.url, 'eth_blockNumber'))).toBe(anvilOrigin.forkBlock);
      expect(await rpcResult(fork.url, 'eth_getBalance', [anvilOrigin.payee, 'latest'])).toBe(hex(parseEther('1.5')));
      expect(await rpcResult(fork.url, 'eth_getBalance', [origin.payee, 'latest'])).toBe('0x0');
      expect(await rpcResult(fork.url, 'eth_getBlockByNumber', [hex(anvilOrigin.forkBlock), false])).toEqual(
        await rpcResult(anvil.url, 'eth_getBlockByNumber', [hex(anvilOrigin.forkBlock), false]),
      );
      expect(anvilProxy.methods).toContain('eth_getBalance');
      expect(proxy.requests).toBe(oldRequests);
      const info = await rpcResult<{ forkConfig: unknown }>(fork.url, 'anvil_nodeInfo');
      expect(info.forkConfig).toEqual({ forkUrl: `${anvilProxy.url}/…`, forkBlockNumber: Number(anvilOrigin.forkBlock), forkRetryBackoff: 100 });
      expect(fork.stdout() + fork.stderr()).not.toContain('SECRET-KEY');
    }, 30_000);

    it('refuses a remote of another chain id, keeping the chain', async () => {
      const other = await startNodeProcess({ args: ['--chain-id', '4242'] });
      const head = await rpcResult<Hex>(fork.url, 'eth_blockNumber');
      expect(await rpcError(fork.url, 'anvil_reset', [{ forking: { jsonRpcUrl: other.url } }])).toEqual({
        code: -32602,
        message: 'invalid argument 0: the remote serves chain id 4242, this node 31337: a fork keeps its chain id (start another node to fork another chain)',
      });
      expect(await rpcResult(fork.url, 'eth_blockNumber')).toBe(head);
      await other.stop();
    }, 30_000);
  });
});
