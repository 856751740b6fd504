/**
 * The node's page in headless Chromium against the real node: the 200 ms heartbeat, sealed blocks
 * streaming in, a transfer sent from the wallet showing up as pre-confirmed within a second and
 * then as sealed, lookups (form, links, explorer paths), and the Add to wallet button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, pollUntil, rpcResult } from '../e2e/helpers.js';
import { answerDialog, launchBrowser, openPage, openWalletPanel, walletRequest } from './browserHarness.js';

let browser: Browser;
let node: NodeProcess;

beforeAll(async () => {
  [browser, node] = await Promise.all([launchBrowser(), startNodeProcess()]);
});

afterAll(async () => {
  await browser?.close();
  await cleanupNodeProcesses();
});

async function nodePage(path = '/'): Promise<Page> {
  return (await openPage(browser, `${node.url}${path}`)).page;
}

const ticksSeen = (page: Page) => page.locator('#ticks').evaluate((strip) => Number((strip as HTMLElement).dataset.ticks ?? 0));

describe('live data', () => {
  it('shows every sequencer tick, empty ones included: about 5 a second, with the measured interval', async () => {
    const page = await nodePage();
    await expect.poll(() => ticksSeen(page), { timeout: 3000 }).toBeGreaterThan(2);
    const before = await ticksSeen(page);
    await page.waitForTimeout(2000);
    const during = (await ticksSeen(page)) - before;
    // 10 expected; the margin absorbs a busy machine (the interval below is measured on the node's clock).
    expect(during).toBeGreaterThanOrEqual(7);
    expect(during).toBeLessThanOrEqual(13);
    const info = await page.locator('#tick-info').innerText();
    const interval = Number(/a tick every (\d+) ms/.exec(info)?.[1]);
    expect(interval).toBeGreaterThan(150);
    expect(interval).toBeLessThan(260);
    expect(await page.locator('#connection').innerText()).toBe('live');
  });

  it('adds sealed blocks as they are sealed, newest first', async () => {
    const page = await nodePage();
    const topBlock = () => page.locator('#blocks tbody tr').first().getAttribute('data-number').then(Number);
    await expect.poll(topBlock, { timeout: 3000 }).toBeGreaterThanOrEqual(0);
    const first = await topBlock();
    await expect.poll(topBlock, { timeout: 4000 }).toBeGreaterThan(first);
    const head = Number(BigInt(await rpcResult<string>(node.url, 'eth_blockNumber')));
    expect(Math.abs(head - (await topBlock()))).toBeLessThanOrEqual(1);
  });

  it('a transfer sent from the wallet appears on the page as pre-confirmed within a second, then as sealed', async () => {
    const page = await nodePage();
    // Record each row as it is inserted, with its status at that moment (the block may seal soon after).
    await page.evaluate(() => {
      const w = window as unknown as { rowsSeen: Array<{ hash: string; status: string; at: number }> };
      w.rowsSeen = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes)) {
            if (node instanceof HTMLTableRowElement)
              w.rowsSeen.push({ hash: node.dataset.hash!, status: node.querySelector('td.status')!.textContent!, at: Date.now() });
          }
        }
      }).observe(document.querySelector('#preconf tbody')!, { childList: true });
    });
    const outcome = walletRequest(page, 'wallet_addEthereumChain', [await (await fetch(`${node.url}/chain`)).json()]);
    await answerDialog(page, 'Approve');
    await outcome;

    await openWalletPanel(page);
    const recipient = DEV_ACCOUNTS[7]!.address;
    await page.getByRole('textbox', { name: 'To' }).fill(recipient);
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.5');
    const clickedAt = await page.evaluate(() => Date.now());
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const status = page.getByRole('region', { name: 'Sequin Wallet' }).getByRole('status');
    await expect.poll(() => status.innerText(), { timeout: 5000 }).toMatch(/^sent 0x[0-9a-f]{64}$/);
    const hash = (await status.innerText()).slice('sent '.length);

    const row = page.locator(`#preconf tr[data-hash="${hash}"]`);
    // How soon it appeared is asserted below (rowsSeen); the wait itself leaves room for a loaded machine.
    await row.waitFor({ timeout: 5000 });
    const seen = await page.evaluate(
      (hash) => (window as unknown as { rowsSeen: Array<{ hash: string; status: string; at: number }> }).rowsSeen.find((r) => r.hash === hash),
      hash,
    );
    expect(seen?.status).toBe('pre-confirmed');
    expect(seen!.at - clickedAt).toBeLessThan(1000);
    expect(await row.locator('td').nth(3).innerText()).toBe('0.5 ETH');

    await expect.poll(() => row.locator('td.status').innerText(), { timeout: 6000 }).toMatch(/^sealed in #\d+$/);
    const receipt = await rpcResult<{ blockNumber: string; status: string }>(node.url, 'eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    expect(await row.locator('td.status').innerText()).toBe(`sealed in #${BigInt(receipt.blockNumber)}`);
  });
});

describe('lookup', () => {
  let hash: `0x${string}`;
  let blockNumber: bigint;

  beforeAll(async () => {
    // A transfer from dev account 1, sent straight to the node (the node signs for its dev accounts).
    hash = await rpcResult(node.url, 'eth_sendTransaction', [{ from: DEV_ACCOUNTS[1]!.address, to: DEV_ACCOUNTS[8]!.address, value: '0x2386f26fc10000' }]);
    // Wait until its block is sealed, so the lookups below see a settled state.
    const sealed = await pollUntil(
      async () => {
        const receipt = await rpcResult<{ blockHash: string; blockNumber: string } | null>(node.url, 'eth_getTransactionReceipt', [hash]);
        return receipt && !/^0x0+$/.test(receipt.blockHash) ? receipt : null;
      },
      { timeoutMs: 5000, what: 'the transfer to be sealed' },
    );
    blockNumber = BigInt(sealed.blockNumber);
  });

  const field = (page: Page, label: string) =>
    page.locator('#lookup-result dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

  it('by transaction hash, typed into the form', async () => {
    const page = await nodePage();
    await page.getByRole('textbox', { name: 'Transaction hash, block number or address' }).fill(hash);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.locator('#lookup-result h3', { hasText: 'Transaction' }).waitFor();
    expect(await field(page, 'State').innerText()).toBe(`sealed in block #${blockNumber}`);
    expect(await field(page, 'From').innerText()).toBe(DEV_ACCOUNTS[1]!.address.toLowerCase());
    expect(await field(page, 'Value').innerText()).toBe('0.01 ETH');
    expect(await field(page, 'Status').innerText()).toBe('success');
  });

  it('by block number, listing its transactions; a link there opens the transaction and updates the address bar', async () => {
    const page = await nodePage();
    await page.getByRole('textbox', { name: 'Transaction hash, block number or address' }).fill(String(blockNumber));
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.locator('#lookup-result h3', { hasText: `Block #${blockNumber}` }).waitFor();
    await page.locator('#lookup-result').getByRole('link', { name: hash }).click();
    await page.locator('#lookup-result h3', { hasText: 'Transaction' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/tx/${hash}`);
  });

  it('by address, and the explorer paths /tx/…, /block/…, /address/… open the page on that lookup', async () => {
    const address = DEV_ACCOUNTS[8]!.address;
    const page = await nodePage(`/address/${address}`);
    await page.locator('#lookup-result h3', { hasText: 'Address' }).waitFor();
    const balance = BigInt(await rpcResult<string>(node.url, 'eth_getBalance', [address, 'pending']));
    expect(await field(page, 'Balance (pre-confirmed)').innerText()).toBe(`${balance / 10n ** 18n}.01 ETH`);
    expect(await field(page, 'Code').innerText()).toBe('none (externally owned account)');

    const txPage = await nodePage(`/tx/${hash}`);
    await txPage.locator('#lookup-result h3', { hasText: 'Transaction' }).waitFor();
    const blockPage = await nodePage(`/block/${blockNumber}`);
    await blockPage.locator('#lookup-result h3', { hasText: `Block #${blockNumber}` }).waitFor();
    // The live feed works on explorer paths too (asset and RPC URLs are relative to the node root).
    await expect.poll(() => ticksSeen(blockPage), { timeout: 3000 }).toBeGreaterThan(0);
  });

  it('"pending" while sub-blocks are pre-confirmed: the open block, not sealed yet, with its sub-blocks so far', async () => {
    // A block time of a minute keeps the block open while the page looks.
    const open = await startNodeProcess({ args: ['--block-time', '60000'] });
    const sent = await rpcResult<`0x${string}`>(open.url, 'eth_sendTransaction', [
      { from: DEV_ACCOUNTS[2]!.address, to: DEV_ACCOUNTS[8]!.address, value: '0x1' },
    ]);
    await pollUntil(() => rpcResult(open.url, 'eth_getTransactionReceipt', [sent]), { what: 'the transfer to be pre-confirmed' });
    const page = (await openPage(browser, `${open.url}/block/pending`)).page;
    await page.locator('#lookup-result h3', { hasText: 'Open block #1 (pre-confirmed so far)' }).waitFor();
    expect(await field(page, 'Hash').innerText()).toBe('not sealed yet (open block)');
    expect(await field(page, 'Sub-blocks so far').innerText()).toBe('1');
    expect(await page.locator('#lookup-result').getByRole('link', { name: sent }).count()).toBe(1);
  });

  it('explains input it cannot look up', async () => {
    const page = await nodePage();
    await page.getByRole('textbox', { name: 'Transaction hash, block number or address' }).fill('0x1234zz');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect
      .poll(() => page.locator('#lookup-result').innerText())
      .toContain('is not a transaction hash (0x + 64 hex digits), a block number or an address');
  });
});

describe('Add to wallet', () => {
  it('switch → 4902 → add with the approval dialog; a second click only switches', async () => {
    const page = await nodePage();
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    await answerDialog(page, 'Approve');
    await expect.poll(() => page.locator('#wallet-status').innerText()).toBe('Added Sequin 31337 to Sequin Wallet.');
    expect(await walletRequest(page, 'eth_chainId')).toEqual({ result: '0x7a69' });
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    await expect.poll(() => page.locator('#wallet-status').innerText()).toBe('Sequin Wallet switched to Sequin 31337.');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('Reject: says so; additions turned off: tells the user what to type by hand', async () => {
    const page = await nodePage();
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    await answerDialog(page, 'Reject');
    await expect.poll(() => page.locator('#wallet-status').innerText()).toBe('You rejected the request in your wallet.');

    await openWalletPanel(page);
    await page.getByRole('checkbox', { name: /suggest networks$/ }).uncheck();
    await page.getByRole('button', { name: 'Add to wallet' }).click();
    await expect
      .poll(() => page.locator('#wallet-status').innerText())
      .toContain("Your wallet does not let this site add networks. Add the network by hand in your wallet's network settings:");
    const text = await page.locator('#wallet-status').innerText();
    expect(text).toContain('Network name: Sequin 31337');
    expect(text).toContain(`RPC URL: ${node.url}`);
    expect(text).toContain('Chain ID: 31337');
    expect(text).toContain('Currency symbol: ETH');
  });
});
