import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_SUBSCRIPTIONS } from '../../services/subscriptions/allSubscriptions.js';
import { testBackend } from '../../testing/testMethods.js';
import { ALL_METHODS, METHOD_DEFINITIONS } from '../allMethods.js';
import type { OpenRpcDocument } from '../server/openRpcDocument.js';
import { RpcServer } from '../server/RpcServer.js';
import { indexedNames, METHODS_PAGE_PATH, methodsPage } from './methodsPage.js';

const PAGE_ON_DISK = readFileSync(new URL(`../../../${METHODS_PAGE_PATH}`, import.meta.url), 'utf8');
const page = methodsPage(METHOD_DEFINITIONS, ALL_SUBSCRIPTIONS);

async function discover(): Promise<OpenRpcDocument> {
  const server = new RpcServer({ methods: ALL_METHODS, backend: testBackend, maxBatchLength: 10 });
  const reply = await server.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'rpc.discover', params: [] }), { tier: 'public' });
  return (JSON.parse(reply.body!) as { result: OpenRpcDocument }).result;
}

/** GitHub's anchors of the page's headings. */
function anchors(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#+ (.+)$/gm)].map((match) =>
      match[1]!
        .toLowerCase()
        .replace(/[^a-z0-9_ -]/g, '')
        .replaceAll(' ', '-'),
    ),
  );
}

describe(METHODS_PAGE_PATH, () => {
  it('is the page generated from the method definitions (after changing a method, run `npm run docs:methods`)', () => {
    expect(PAGE_ON_DISK, `${METHODS_PAGE_PATH} differs from the method definitions: run \`npm run docs:methods\``).toBe(page);
  });

  it('lists exactly the methods rpc.discover serves, each once', async () => {
    const served = (await discover()).methods.map((method) => method.name);
    expect(indexedNames(page).sort()).toEqual([...served].sort());
    expect(new Set(indexedNames(page)).size).toBe(served.length);
  });

  it('gives every method a section, and links each name of the index to the section of the method that answers it', () => {
    const headings = anchors(page);
    for (const definition of METHOD_DEFINITIONS) expect(page, definition.name).toContain(`\n### \`${definition.name}\`\n`);
    const targets = [...page.matchAll(/^\| \[`[^`]+`\]\(#([^)]*)\) \|/gm)].map((match) => match[1]!);
    expect(targets).toHaveLength(indexedNames(page).length);
    for (const target of targets) expect(headings.has(target), target).toBe(true);
  });

  it("states each method's tier, parameters in order, result and aliases", () => {
    const section = page.slice(page.indexOf('\n### `eth_estimateGas`\n'), page.indexOf('\n### ', page.indexOf('\n### `eth_estimateGas`\n') + 1));
    expect(section).toContain('- Tier: public');
    expect(section).toMatch(
      /1\. `transaction`: transaction call object\n {2}2\. `block`: .* \(optional\)\n {2}3\. `stateOverrides`: state override \(optional\)\n {2}4\. `blockOverrides`: block overrides \(optional\)/,
    );
    expect(section).toContain('- Result: `gas`: quantity');
    const setNonce = page.slice(page.indexOf('\n### `anvil_setNonce`\n'), page.indexOf('\n### ', page.indexOf('\n### `anvil_setNonce`\n') + 1));
    expect(setNonce).toContain('- Tier: dedicated');
    expect(setNonce).toContain('- Aliases: `hardhat_setNonce`, `evm_setAccountNonce`');
    expect(setNonce).toContain('-32004 (method not supported on this endpoint)');
  });

  it('lists every eth_subscribe kind', () => {
    for (const kind of ALL_SUBSCRIPTIONS) expect(page).toContain(`| \`${kind.name}\` | ${kind.summary} |`);
  });

  it('changes when a method gains an alias, so the page cannot fall behind the definitions', () => {
    const [first, ...rest] = METHOD_DEFINITIONS;
    const renamed = methodsPage([{ ...first!, aliases: [...(first!.aliases ?? []), 'eth_anotherName'] }, ...rest], ALL_SUBSCRIPTIONS);
    expect(renamed).not.toBe(page);
    expect(indexedNames(renamed)).toContain('eth_anotherName');
  });
});
