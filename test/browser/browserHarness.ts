/**
 * Shared pieces of the browser tests: headless Debian Chromium driven by playwright-core, and
 * wallet calls made from inside the page (as a dApp makes them) with their outcome brought back.
 *
 *   test ──page.evaluate──▶ window.ethereum.request(…) ──▶ Sequin wallet (in the page)
 *     └── clicks Approve / Reject in the wallet's dialog, like a user
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Where Debian's package puts Chromium (`.ci/run` installs it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts headless Chromium (root in a container needs --no-sandbox). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
}

/** A fresh profile (empty localStorage) with one page opened on `url`. */
export async function openPage(browser: Browser, url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  // Fail within seconds, not Playwright's default 30 s: everything here answers in milliseconds. 20 s leaves room
  // for a loaded machine: in a full `npm test` a wallet dialog once took over 10 s to appear while another
  // file (1,000 WebSocket clients) ran beside this one, and passed alone.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => (window as { sequinWallet?: unknown }).sequinWallet !== undefined);
  return { context, page };
}

/** What `provider.request` gave: a result, or an error with its EIP-1193 fields. */
export type RequestOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/**
 * Starts `window.ethereum.request({ method, params })` in the page and returns a promise of its
 * outcome, without waiting for it (the caller may have to click in a dialog first).
 */
export function walletRequest(page: Page, method: string, params?: unknown): Promise<RequestOutcome> {
  return page.evaluate(
    async ([method, params]) => {
      const provider = (window as unknown as { ethereum: { request(args: unknown): Promise<unknown> } }).ethereum;
      try {
        return { result: await provider.request(params === undefined ? { method } : { method, params }) };
      } catch (error) {
        const { code, message, data } = error as { code: number; message: string; data?: unknown };
        return { error: { code, message, data } };
      }
    },
    [method, params] as const,
  );
}

/** The error of an outcome that must be an error. */
export function errorOf(outcome: RequestOutcome): { code: number; message: string; data?: unknown } {
  if (!('error' in outcome)) throw new Error(`expected an error, got result ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

/** Clicks the dialog's button (Approve or Reject) once the dialog is shown. */
export async function answerDialog(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  await page.getByRole('dialog').waitFor();
  await page.getByRole('button', { name: answer, exact: true }).click();
}

/** Starts recording the wallet's events in the page (read them with {@link recordedEvents}). */
export async function recordEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { ethereum: { on(event: string, listener: (value: unknown) => void): void }; walletEvents: Array<[string, unknown]> };
    w.walletEvents = [];
    for (const event of ['connect', 'chainChanged', 'accountsChanged']) w.ethereum.on(event, (value) => w.walletEvents.push([event, value]));
  });
}

export function recordedEvents(page: Page): Promise<Array<[string, unknown]>> {
  return page.evaluate(() => (window as unknown as { walletEvents: Array<[string, unknown]> }).walletEvents);
}

/** The node's chain data as its page serves it at /chain. */
export async function chainDataOf(nodeUrl: string): Promise<ChainDataJson> {
  const response = await fetch(`${nodeUrl}/chain`);
  return (await response.json()) as ChainDataJson;
}

export interface ChainDataJson {
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
  iconUrls?: string[];
}

/** Opens the wallet's panel (the corner button). */
export async function openWalletPanel(page: Page): Promise<void> {
  const pill = page.getByRole('button', { name: /^Sequin Wallet/ });
  if ((await pill.getAttribute('aria-expanded')) !== 'true') await pill.click();
  await page.getByRole('region', { name: 'Sequin Wallet' }).waitFor();
}
