/**
 * The viem chain the package exports (`sequin/chain`, the built bundle) against the real node in
 * its default interval mode (sub-blocks every 200 ms, seals every 2 s): the chain the node serves at
 * GET /chain/viem is the one `sequinChain()` builds from the same settings, and with it viem's
 * `waitForTransactionReceipt` gets the pre-confirmed receipt within about two intervals, long
 * before the block is sealed, and reads see pending state by default.
 */

import { fetchSequinChain, sequinChain } from 'sequin/chain';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_KEYS, ZERO_HASH } from './helpers.js';

const INTERVAL_MS = 200;
const BLOCK_TIME_MS = 2_000;

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--chain-id', '8453', '--preconf-interval', String(INTERVAL_MS), '--block-time', String(BLOCK_TIME_MS)] });
});
afterAll(cleanupNodeProcesses);

describe('sequin/chain', () => {
  it('GET /chain/viem is the chain sequinChain() builds from the same settings; GET /chain stays EIP-3085', async () => {
    const served = await fetchSequinChain(node.url);
    // The sequencer key's address rides along as custom.sequencer (issue 26: what sequin/verify checks against).
    const { address: sequencer } = await (await fetch(`${node.url}/chain/sequencer`)).json();
    expect(served).toEqual(sequinChain({ url: node.url, chainId: 8453, blockTime: BLOCK_TIME_MS, preconfirmationTime: INTERVAL_MS, sequencer }));
    expect(served).toMatchObject({
      id: 8453,
      blockTime: BLOCK_TIME_MS,
      experimental_preconfirmationTime: INTERVAL_MS,
      rpcUrls: { default: { http: [node.url], webSocket: [node.url.replace('http', 'ws')] } },
    });
    expect(Object.keys(await (await fetch(`${node.url}/chain`)).json()).sort()).toEqual([
      'blockExplorerUrls',
      'chainId',
      'chainName',
      'iconUrls',
      'nativeCurrency',
      'rpcUrls',
    ]);
  });

  it('viem with the chain reads the pre-confirmed receipt within about two intervals; waitForTransactionReceipt resolves at the seal', async () => {
    const chain = await fetchSequinChain(node.url);
    const transport = http(node.url, { retryCount: 0 });
    // No polling interval or block tag given: the chain decides them.
    const publicClient = createPublicClient({ chain, transport });
    const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(DEV_KEYS[7]) });
    const recipient = '0x00000000000000000000000000000000000c0ffe';
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('1') });
      const sentAt = performance.now();
      // Polled at the chain's pre-confirmation interval, as an app showing progress would.
      let receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
      while (!receipt) {
        await new Promise((resolve) => setTimeout(resolve, chain.experimental_preconfirmationTime));
        receipt = await publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
      }
      waits.push(performance.now() - sentAt);
      expect(receipt.status).toBe('success');
      // Pre-confirmed, not sealed: the block that will hold it has no hash yet.
      expect(receipt.blockHash).toBe(ZERO_HASH);
      // Reads default to `pending`: the balance already counts it.
      expect(await publicClient.getBalance({ address: recipient })).toBe(parseEther(String(round + 1)));
    }
    console.log(`viem getTransactionReceipt with sequin/chain, ${INTERVAL_MS} ms interval: ${waits.map((ms) => Math.round(ms)).join(', ')} ms`);
    // Two intervals, plus one poll's round trip and scheduling slack on a loaded machine; the seal is 2 s away.
    expect(Math.min(...waits)).toBeLessThan(2 * INTERVAL_MS + 100);
    expect(Math.max(...waits)).toBeLessThan(BLOCK_TIME_MS / 2);
    // viem 2.57's waitForTransactionReceipt looks for the receipt only when eth_blockNumber moves,
    // which is at the seal: it resolves then, with the sealed receipt.
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('1') });
    const sealed = await publicClient.waitForTransactionReceipt({ hash, timeout: 3 * BLOCK_TIME_MS });
    expect(sealed.status).toBe('success');
  });
});
