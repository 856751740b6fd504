/**
 * The wallet's side of chain registration, in headless Chromium against real nodes: EIP-6963
 * discovery, wallet_addEthereumChain (approve, reject, additions turned off, wrong chain at the
 * RPC, unreachable RPC, duplicates, concurrency), wallet_switchEthereumChain, persistence, 4200,
 * and sending a transaction the user approved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, rpcResult } from '../e2e/helpers.js';
import {
  answerDialog,
  type ChainDataJson,
  chainDataOf,
  errorOf,
  launchBrowser,
  openPage,
  openWalletPanel,
  recordEvents,
  recordedEvents,
  walletRequest,
} from './browserHarness.js';

// Each test drives a wallet dialog or two against a node: room for the 20 s waits of browserHarness.openPage on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let browser: Browser;
let node: NodeProcess;
let otherNode: NodeProcess;
let chain: ChainDataJson;

beforeAll(async () => {
  [browser, node, otherNode] = await Promise.all([launchBrowser(), startNodeProcess(), startNodeProcess({ args: ['--chain-id', '999'] })]);
  chain = await chainDataOf(node.url);
});

afterAll(async () => {
  await browser?.close();
  await cleanupNodeProcesses();
});

/** A fresh browser profile on the node's page. */
async function freshPage(url = `${node.url}/`): Promise<Page> {
  return (await openPage(browser, url)).page;
}

async function addNodeChain(page: Page, data: unknown = chain): Promise<void> {
  const outcome = walletRequest(page, 'wallet_addEthereumChain', [data]);
  await answerDialog(page, 'Approve');
  expect(await outcome).toEqual({ result: null });
}

describe('EIP-6963 discovery', () => {
  it('announces a frozen detail with a v4 uuid, name, data: icon and rdns, again on every request, and sets window.ethereum', async () => {
    const page = await freshPage();
    const seen = await page.evaluate(async () => {
      const details: Array<{ info: Record<string, string>; provider: unknown }> = [];
      window.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const first = details[0]!;
      return {
        count: details.length,
        info: first.info,
        frozen: Object.isFrozen(first) && Object.isFrozen(first.info),
        sameDetail: details[1] === first,
        isWindowEthereum: first.provider === (window as unknown as { ethereum: unknown }).ethereum,
        accounts: await (first.provider as { request(args: unknown): Promise<string[]> }).request({ method: 'eth_requestAccounts' }),
      };
    });
    expect(seen.count).toBe(2);
    expect(seen.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seen.info.name).toBe('Sequin Wallet');
    expect(seen.info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(seen.info.rdns).toBe('dev.sequin.wallet');
    expect(seen.frozen).toBe(true);
    expect(seen.sameDetail).toBe(true);
    expect(seen.isWindowEthereum).toBe(true);
    // The node on loopback hands its dev accounts to the wallet it serves.
    expect(seen.accounts).toEqual([DEV_ACCOUNTS[0]!.address]);
  });
});

describe('wallet_addEthereumChain', () => {
  it('approve → null; the dialog shows origin, name, id in decimal and hex, RPC host and symbol; connect + chainChanged; eth_chainId answers the new id, also after a reload', async () => {
    const page = await freshPage();
    expect(errorOf(await walletRequest(page, 'eth_chainId')).code).toBe(4900);
    await recordEvents(page);
    const outcome = walletRequest(page, 'wallet_addEthereumChain', [chain]);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    const port = new URL(node.url).port;
    expect(text).toContain('Add a network?');
    expect(text).toContain(`Requested by http://127.0.0.1:${port}`);
    expect(text).toContain('Sequin 31337');
    expect(text).toContain('31337 (0x7a69)');
    expect(text).toContain(`127.0.0.1:${port}`);
    expect(text).toContain('ETH (Ether, 18 decimals)');
    await page.getByRole('button', { name: 'Approve' }).click();
    expect(await outcome).toEqual({ result: null });
    expect(await recordedEvents(page)).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['chainChanged', '0x7a69'],
    ]);
    expect(await walletRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
    expect(await walletRequest(page, 'net_version')).toEqual({ result: '31337' });
    // Reads go to the network's RPC.
    expect(await walletRequest(page, 'eth_blockNumber')).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) });

    await page.reload();
    await page.waitForFunction(() => (window as { sequinWallet?: unknown }).sequinWallet !== undefined);
    expect(await walletRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
  });

  it('never fetches a suggested icon before the user asks to see it', async () => {
    const page = await freshPage();
    const iconRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/icon.svg')) iconRequests.push(request.url());
    });
    const outcome = walletRequest(page, 'wallet_addEthereumChain', [chain]);
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(200);
    expect(iconRequests).toEqual([]);
    await page.getByRole('button', { name: 'Show icon' }).click();
    await expect.poll(() => iconRequests).toEqual([chain.iconUrls![0]]);
    await page.getByRole('button', { name: 'Reject' }).click();
    expect(errorOf(await outcome).code).toBe(4001);
  });

  it('reject → 4001 "User rejected the request", and nothing is stored', async () => {
    const page = await freshPage();
    const outcome = walletRequest(page, 'wallet_addEthereumChain', [chain]);
    await answerDialog(page, 'Reject');
    expect(errorOf(await outcome)).toEqual({ code: 4001, message: 'User rejected the request' });
    expect(errorOf(await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: chain.chainId }])).code).toBe(4902);
  });

  it('additions turned off for the site (wallet setting, kept across reloads) → 4100 "Requested method not supported", no dialog', async () => {
    const page = await freshPage();
    await openWalletPanel(page);
    const origin = new URL(node.url).origin;
    const allow = page.getByRole('checkbox', { name: `Allow ${origin} to suggest networks` });
    expect(await allow.isChecked()).toBe(true);
    await allow.uncheck();
    expect(errorOf(await walletRequest(page, 'wallet_addEthereumChain', [chain]))).toEqual({ code: 4100, message: 'Requested method not supported' });
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.reload();
    await page.waitForFunction(() => (window as { sequinWallet?: unknown }).sequinWallet !== undefined);
    expect(errorOf(await walletRequest(page, 'wallet_addEthereumChain', [chain])).code).toBe(4100);
  });

  it('an RPC URL that serves another chain → 4902 "Unrecognized chain ID" with the id it reported in data; nothing asked, nothing stored', async () => {
    const page = await freshPage();
    const error = errorOf(await walletRequest(page, 'wallet_addEthereumChain', [{ ...chain, rpcUrls: [otherNode.url] }]));
    expect(error.code).toBe(4902);
    expect(error.message).toBe(`Unrecognized chain ID "0x7a69": the RPC at ${otherNode.url}/ reports chain ID 0x3e7 (999)`);
    expect(error.data).toEqual({ chainId: '0x7a69', rpcUrl: `${otherNode.url}/`, reportedChainId: '0x3e7' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errorOf(await walletRequest(page, 'eth_chainId')).code).toBe(4900);
  });

  it('an RPC URL that cannot be reached → -32603 naming the URL', async () => {
    const page = await freshPage();
    const error = errorOf(await walletRequest(page, 'wallet_addEthereumChain', [{ ...chain, rpcUrls: ['http://127.0.0.1:9/'] }]));
    expect(error.code).toBe(-32603);
    expect(error.message).toBe("Request for method 'eth_chainId' on http://127.0.0.1:9/ failed");
  });

  it('adding a known chain never duplicates it: same data → null without a dialog; a new RPC URL is asked for and merged; another symbol is refused', async () => {
    const page = await freshPage();
    await addNodeChain(page);
    expect(await walletRequest(page, 'wallet_addEthereumChain', [chain])).toEqual({ result: null });
    expect(await page.getByRole('dialog').count()).toBe(0);

    const localhostUrl = node.url.replace('127.0.0.1', 'localhost');
    const outcome = walletRequest(page, 'wallet_addEthereumChain', [{ ...chain, rpcUrls: [localhostUrl] }]);
    await page.getByRole('dialog').waitFor();
    expect(await page.getByRole('dialog').innerText()).toContain('Add an RPC URL to Sequin 31337?');
    await page.getByRole('button', { name: 'Approve' }).click();
    expect(await outcome).toEqual({ result: null });

    const networks = await page.evaluate(() => (window as unknown as { sequinWallet: { networks: { list(): unknown[] } } }).sequinWallet.networks.list());
    expect(networks).toEqual([expect.objectContaining({ chainId: '0x7a69', rpcUrls: [`${node.url}/`, `${localhostUrl}/`] })]);
    await openWalletPanel(page);
    expect(await page.getByRole('combobox', { name: 'Network' }).locator('option').allInnerTexts()).toEqual(['Sequin 31337 (31337)']);

    const conflict = errorOf(await walletRequest(page, 'wallet_addEthereumChain', [{ ...chain, nativeCurrency: { ...chain.nativeCurrency, symbol: 'FAKE' } }]));
    expect(conflict).toEqual({
      code: -32602,
      message: 'nativeCurrency.symbol does not match currency symbol for a network the user already has added with the same chainId. Received:\nFAKE',
    });
  });

  it('concurrent requests from one origin: one dialog; the second is answered -32002 at once, and the first settles', async () => {
    const page = await freshPage();
    const first = walletRequest(page, 'wallet_addEthereumChain', [chain]);
    await page.getByRole('dialog').waitFor();
    const second = await walletRequest(page, 'wallet_addEthereumChain', [chain]);
    expect(errorOf(second)).toEqual({
      code: -32002,
      message: `Request of type 'wallet_addEthereumChain' already pending for origin ${new URL(node.url).origin}. Please wait.`,
    });
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.getByRole('button', { name: 'Approve' }).click();
    expect(await first).toEqual({ result: null });
  });
});

describe('wallet_switchEthereumChain', () => {
  it('unknown chain → 4902 with the message dApps look for; then add; then switching back and forth emits chainChanged', async () => {
    const page = await freshPage();
    const unknown = errorOf(await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x3e7' }]));
    expect(unknown).toEqual({ code: 4902, message: 'Unrecognized chain ID "0x3e7". Try adding the chain using wallet_addEthereumChain first.' });
    await addNodeChain(page, await chainDataOf(otherNode.url));
    await addNodeChain(page);
    await recordEvents(page);
    expect(await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x3E7' }])).toEqual({ result: null });
    expect(await walletRequest(page, 'eth_chainId')).toEqual({ result: '0x3e7' });
    expect(await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toEqual({ result: null });
    expect(await recordedEvents(page)).toEqual([
      ['chainChanged', '0x3e7'],
      ['chainChanged', '0x7a69'],
    ]);
    expect(errorOf(await walletRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0x7a69', rpcUrls: [] }])).code).toBe(-32602);
  });
});

describe('other methods', () => {
  it('answers 4200 for methods it does not implement', async () => {
    const page = await freshPage();
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_getCapabilities', 'debug_traceTransaction']) {
      expect(errorOf(await walletRequest(page, method, []))).toEqual({ code: 4200, message: `The Provider does not support the requested method: ${method}` });
    }
  });

  it('eth_sendTransaction asks, signs with the approved chain id and submits to the active network; Reject → 4001', async () => {
    const page = await freshPage();
    await addNodeChain(page);
    const to = DEV_ACCOUNTS[5]!.address;
    const rejected = walletRequest(page, 'eth_sendTransaction', [{ to, value: '0x1' }]);
    await answerDialog(page, 'Reject');
    expect(errorOf(await rejected).code).toBe(4001);

    const sent = walletRequest(page, 'eth_sendTransaction', [{ to, value: '0xde0b6b3a7640000' }]);
    await page.getByRole('dialog').waitFor();
    const text = await page.getByRole('dialog').innerText();
    expect(text).toContain('Sequin 31337 (chain ID 31337)');
    expect(text).toContain('1 ETH');
    await page.getByRole('button', { name: 'Approve' }).click();
    const { result: hash } = (await sent) as { result: `0x${string}` };
    const tx = await rpcResult<{ chainId: string; from: string; to: string; value: string }>(node.url, 'eth_getTransactionByHash', [hash]);
    expect(tx).toMatchObject({ chainId: '0x7a69', from: DEV_ACCOUNTS[0]!.address.toLowerCase(), to: to.toLowerCase(), value: '0xde0b6b3a7640000' });
  });

  it('keeps signing with the approved chain id when the RPC later serves another chain (the node refuses the tx)', async () => {
    const first = await startNodeProcess({ args: ['--chain-id', '777'] });
    const port = new URL(first.url).port;
    const page = await freshPage();
    await addNodeChain(page, await chainDataOf(first.url));
    await first.stop();
    // Another chain now answers on the same URL.
    const replacement = await startNodeProcess({ args: ['--chain-id', '778', '--port', port] });
    expect(await rpcResult(replacement.url, 'eth_chainId')).toBe('0x30a');
    expect(await walletRequest(page, 'eth_chainId')).toEqual({ result: '0x309' });
    const sent = walletRequest(page, 'eth_sendTransaction', [{ to: DEV_ACCOUNTS[5]!.address, value: '0x1' }]);
    await answerDialog(page, 'Approve');
    expect(errorOf(await sent)).toEqual({ code: -32000, message: 'invalid chain id for signer: have 777 want 778' });
    await replacement.stop();
  });
});
