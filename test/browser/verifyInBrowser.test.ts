/**
 * `sequin/verify` in a real browser (issue 26): the package's built module (dist/web/verify.mjs), with
 * viem (its peer dependency) bundled for the page by esbuild for the browser platform — a Node-only
 * import would fail the bundle — runs in headless Chromium against the real node: a viem client in the
 * page asks the node for a pre-confirmation and verifies it; an answer with one value altered is refused
 * with the typed error, as in Node.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { rpcResult, signTransfer } from '../e2e/helpers.js';
import { launchBrowser } from './browserHarness.js';

const ROOT = join(import.meta.dirname, '..', '..');

let browser: Browser;
let node: NodeProcess;
let page: Page;

beforeAll(async () => {
  [browser, node] = await Promise.all([launchBrowser(), startNodeProcess({ args: ['--block-time', '1000', '--preconf-interval', '100'] })]);
  const bundle = await build({
    stdin: {
      contents: `export * from ${JSON.stringify(join(ROOT, 'dist/web/verify.mjs'))}; export { createPublicClient, http } from 'viem';`,
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    globalName: 'sequinVerify',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  // The node's own origin: the page's viem client calls it without CORS in the way.
  await page.goto(`${node.url}/chain`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await cleanupNodeProcesses();
});

describe('sequin/verify in Chromium', () => {
  it('a viem client in the page gets a pre-confirmation from the node and verifies it; a tampered one is refused with its typed error', async () => {
    const { address: sequencer } = await rpcResult<{ address: string }>(node.url, 'sequin_sequencer');
    const answer = await rpcResult<{ transaction: { hash: string }; receipt: Record<string, unknown> }>(node.url, 'sequin_sendRawTransactionSync', [
      await signTransfer(0, 0),
    ]);
    const outcome = await page.evaluate(
      async ({ url, hash, sequencer, answer }) => {
        type Verify = {
          createPublicClient(options: unknown): unknown;
          http(url: string): unknown;
          getVerifiedPreconfirmation(client: unknown, parameters: unknown): Promise<{ transactionHash: string; gasUsed: string }>;
          verifyPreconfirmation(answer: unknown, options: unknown): Promise<unknown>;
        };
        const verify = (globalThis as unknown as { sequinVerify: Verify }).sequinVerify;
        const client = verify.createPublicClient({ transport: verify.http(url) });
        const receipt = await verify.getVerifiedPreconfirmation(client, { hash, sequencer, chainId: 31337 });
        const tampered = structuredClone(answer) as unknown as { receipt: { gasUsed: string } };
        tampered.receipt.gasUsed = '0x5209';
        const refusal = await verify.verifyPreconfirmation(tampered, { sequencer, chainId: 31337 }).then(
          () => undefined,
          (error: { name: string; reason: string; field: string }) => ({ name: error.name, reason: error.reason, field: error.field }),
        );
        return { verified: receipt.transactionHash, gasUsed: receipt.gasUsed, refusal, userAgent: navigator.userAgent };
      },
      { url: node.url, hash: answer.transaction.hash, sequencer, answer },
    );
    expect(outcome.userAgent).toMatch(/Chrome/);
    expect(outcome.verified).toBe(answer.transaction.hash);
    expect(outcome.gasUsed).toBe('0x5208');
    expect(outcome.refusal).toEqual({ name: 'PreconfirmationVerificationError', reason: 'receipt', field: 'receipt.gasUsed' });
  }, 30_000);
});
