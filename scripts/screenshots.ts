/**
 * `npm run screenshots`: starts a node, sends some transfers, and captures the node's page and
 * the wallet's approval dialog in headless Chromium into docs/ (shown in docs/guides/wallet.md).
 */
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { cleanupNodeProcesses, startNodeProcess } from '../src/testing/startNodeProcess.js';

const DOCS = fileURLToPath(new URL('../docs/', import.meta.url));
const DEV_ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
];

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

const node = await startNodeProcess();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${node.url}/`);
  // Transfers every 250 ms for a while, so the page shows pre-confirmed and sealed ones.
  for (let index = 0; index < 18; index++) {
    const from = DEV_ADDRESSES[index % DEV_ADDRESSES.length]!;
    const to = DEV_ADDRESSES[(index + 1) % DEV_ADDRESSES.length]!;
    await rpc(node.url, 'eth_sendTransaction', [{ from, to, value: `0x${(BigInt(index + 1) * 10n ** 17n).toString(16)}` }]);
    await page.waitForTimeout(250);
  }
  await page.getByRole('textbox', { name: 'Transaction hash, block number or address' }).fill(DEV_ADDRESSES[1]!);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.locator('#lookup-result h3').waitFor();
  await page.screenshot({ path: `${DOCS}web-page.png`, fullPage: true });

  await page.getByRole('button', { name: 'Add to wallet' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: `${DOCS}wallet-approval.png` });
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: /^Sequin Wallet/ }).click();
  await page.getByRole('region', { name: 'Sequin Wallet' }).waitFor();
  await page.waitForTimeout(300); // the balance is read from the node
  await page.screenshot({ path: `${DOCS}wallet-panel.png` });
  console.log(`wrote ${DOCS}web-page.png, wallet-approval.png, wallet-panel.png`);
} finally {
  await browser.close();
  await cleanupNodeProcesses();
}
