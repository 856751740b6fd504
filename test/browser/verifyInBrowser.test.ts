/**
 * `sequin/verify` in a real browser (issue 26): the package's built module (dist/web/verify.mjs), with
 * viem (its peer dependency) bundled for the page by esbuild for the browser platform — a Node-only
 * import would fail the bundle — runs in headless Chromium against the real node: a viem client in the
 * page asks the node for a pre-confirmation and verifies it; an answer with one value altered is refused
 * with the typed error, as in Node. Signers are recovered by libsecp256k1 compiled to WebAssembly, which
 * the page compiles; a page whose Content-Security-Policy refuses WebAssembly still verifies (the verifier
 * falls back to viem's @noble/curves).
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
let bundle: string;

/** What each WebAssembly.instantiate in the page did: 'compiled', or 'refused: <message>'. */
type Instantiations = string[];

/**
 * A page of the node's origin (its viem client calls the node without CORS in the way), served with
 * `csp` as its Content-Security-Policy if given, with the bundle loaded and WebAssembly.instantiate
 * watched.
 */
async function verifierPage(csp?: string): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const url = `${node.url}/chain`;
  if (csp) {
    await page.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', headers: { 'Content-Security-Policy': csp }, body: '<!doctype html><title>verifier</title>' }),
    );
  }
  await page.goto(url);
  await page.evaluate(() => {
    const instantiations: Instantiations = [];
    (globalThis as unknown as { instantiations: Instantiations }).instantiations = instantiations;
    const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...args: unknown[]) => Promise<unknown>;
    (WebAssembly as unknown as { instantiate: unknown }).instantiate = (...args: unknown[]) =>
      instantiate(...args).then(
        (result) => {
          instantiations.push('compiled');
          return result;
        },
        (error: Error) => {
          instantiations.push(`refused: ${error.message}`);
          throw error;
        },
      );
  });
  await page.addScriptTag({ content: bundle });
  return page;
}

beforeAll(async () => {
  [browser, node] = await Promise.all([launchBrowser(), startNodeProcess({ args: ['--block-time', '1000', '--preconf-interval', '100'] })]);
  const built = await build({
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
  bundle = built.outputFiles[0]!.text;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await cleanupNodeProcesses();
});

/** In `page`: a viem client asks the node for `hash` and verifies it; `answer` with gasUsed altered is verified too. */
function verifyInPage(page: Page, parameters: { hash: string; sequencer: string; answer: unknown }) {
  return page.evaluate(
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
      const { instantiations } = globalThis as unknown as { instantiations: Instantiations };
      return { verified: receipt.transactionHash, gasUsed: receipt.gasUsed, refusal, userAgent: navigator.userAgent, instantiations };
    },
    { url: node.url, ...parameters },
  );
}

describe('sequin/verify in Chromium', () => {
  it('a viem client in the page gets a pre-confirmation from the node and verifies it; a tampered one is refused with its typed error', async () => {
    const { address: sequencer } = await rpcResult<{ address: string }>(node.url, 'sequin_sequencer');
    const answer = await rpcResult<{ transaction: { hash: string }; receipt: Record<string, unknown> }>(node.url, 'sequin_sendRawTransactionSync', [
      await signTransfer(0, 0),
    ]);
    const outcome = await verifyInPage(await verifierPage(), { hash: answer.transaction.hash, sequencer, answer });
    expect(outcome.userAgent).toMatch(/Chrome/);
    expect(outcome.verified).toBe(answer.transaction.hash);
    expect(outcome.gasUsed).toBe('0x5208');
    expect(outcome.refusal).toEqual({ name: 'PreconfirmationVerificationError', reason: 'receipt', field: 'receipt.gasUsed' });
    // libsecp256k1 compiled once, in the page: the signers were recovered in WebAssembly.
    expect(outcome.instantiations).toEqual(['compiled']);
  }, 30_000);

  it("verifies, and refuses a tampered answer, on a page whose Content-Security-Policy refuses WebAssembly (no 'wasm-unsafe-eval')", async () => {
    const { address: sequencer } = await rpcResult<{ address: string }>(node.url, 'sequin_sequencer');
    const answer = await rpcResult<{ transaction: { hash: string }; receipt: Record<string, unknown> }>(node.url, 'sequin_sendRawTransactionSync', [
      await signTransfer(0, 1),
    ]);
    const page = await verifierPage("default-src 'self'; script-src 'self' 'unsafe-inline'; connect-src *");
    const outcome = await verifyInPage(page, { hash: answer.transaction.hash, sequencer, answer });
    expect(outcome.instantiations).toHaveLength(1);
    expect(outcome.instantiations[0]).toMatch(/^refused: .*(Content Security Policy|unsafe-eval)/);
    expect(outcome.verified).toBe(answer.transaction.hash);
    expect(outcome.gasUsed).toBe('0x5208');
    expect(outcome.refusal).toEqual({ name: 'PreconfirmationVerificationError', reason: 'receipt', field: 'receipt.gasUsed' });
  }, 30_000);
});
