/**
 * The node's web routes over plain HTTP (the browser tests cover what the page does): the page
 * for browsers and a short text for other clients on GET /, JSON-RPC POSTs unchanged, the chain
 * data derived from the configuration and --public-url, the wallet config (dev accounts on
 * loopback only), the bundles, and nothing served under other path prefixes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupNodeProcesses, type NodeProcess, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_KEYS, rpcResult } from './helpers.js';

let node: NodeProcess;

beforeAll(async () => {
  node = await startNodeProcess({ args: ['--chain-id', '4242'] });
});

afterAll(cleanupNodeProcesses);

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GET /', () => {
  it('serves the page to browsers, with a content security policy', async () => {
    const response = await fetch(`${node.url}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<title>Sequin 4242</title>');
    expect(html).toContain('Chain ID <strong>4242</strong> (0x1092)');
    expect(html).toContain('<script src="./wallet.js"></script>');
    expect(html).toContain('>Add to wallet</button>');
  });

  it('answers other clients with a short text (200, so load-balancer health checks pass) and HEAD without a body', async () => {
    const response = await fetch(`${node.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toMatch(/^Sequin JSON-RPC endpoint: POST JSON-RPC 2\.0 requests to this URL/);
    const head = await fetch(`${node.url}/`, { method: 'HEAD', headers: { accept: BROWSER_ACCEPT } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves JSON-RPC POSTs on / unchanged', async () => {
    expect(await rpcResult(node.url, 'eth_chainId')).toBe('0x1092');
  });

  it('serves the page on the explorer paths, with asset URLs relative to the node root', async () => {
    for (const path of ['/tx/0xabc', '/block/12', '/address/0x0000000000000000000000000000000000000001']) {
      const response = await fetch(`${node.url}${path}`, { headers: { accept: BROWSER_ACCEPT } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<script src="../wallet.js"></script>');
    }
  });

  it('serves nothing under another path prefix (e.g. a key-scoped /v1/<key>/)', async () => {
    for (const path of ['/v1/abc/', '/v1/abc/chain', '/x/wallet.js', '/tx/0xabc/more']) {
      expect((await fetch(`${node.url}${path}`, { headers: { accept: BROWSER_ACCEPT } })).status).toBe(404);
    }
  });
});

describe('GET /chain', () => {
  it('derives the chain data from the configuration; RPC and explorer URL are the address the node listens on', async () => {
    const response = await fetch(`${node.url}/chain`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      chainId: '0x1092',
      chainName: 'Sequin 4242',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [node.url],
      blockExplorerUrls: [node.url],
      iconUrls: [`${node.url}/icon.svg`],
    });
    const icon = await fetch(`${node.url}/icon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('uses --public-url (trailing slash dropped) when set, on /chain and on the page', async () => {
    const proxied = await startNodeProcess({ args: ['--public-url', 'https://rpc.example.com/sequin/'] });
    const chain = (await (await fetch(`${proxied.url}/chain`)).json()) as { rpcUrls: string[]; blockExplorerUrls: string[]; iconUrls: string[] };
    expect(chain.rpcUrls).toEqual(['https://rpc.example.com/sequin']);
    expect(chain.blockExplorerUrls).toEqual(['https://rpc.example.com/sequin']);
    expect(chain.iconUrls).toEqual(['https://rpc.example.com/sequin/icon.svg']);
    const html = await (await fetch(`${proxied.url}/`, { headers: { accept: BROWSER_ACCEPT } })).text();
    expect(html).toContain('RPC <code>https://rpc.example.com/sequin</code>');
    await proxied.stop();
  });

  it('on a wildcard bind uses the local address the client reached (never the Host header), and hands out no keys', async () => {
    const open = await startNodeProcess({ args: ['--host', '0.0.0.0'] });
    const port = new URL(open.url).port;
    const response = await fetch(`http://127.0.0.1:${port}/chain`, { headers: { host: 'evil.example.com' } });
    expect(((await response.json()) as { rpcUrls: string[] }).rpcUrls).toEqual([`http://127.0.0.1:${port}`]);
    expect(await (await fetch(`http://127.0.0.1:${port}/wallet-config`)).json()).toEqual({ devMode: false, devAccountKeys: [] });
    await open.stop();
  });
});

describe('wallet files', () => {
  it('GET /wallet-config on loopback: dev mode on and the dev account keys', async () => {
    expect(await (await fetch(`${node.url}/wallet-config`)).json()).toEqual({ devMode: true, devAccountKeys: [...DEV_KEYS] });
  });

  it('serves the built wallet and page bundles', async () => {
    for (const [path, type] of [
      ['/wallet.js', 'text/javascript; charset=utf-8'],
      ['/page.js', 'text/javascript; charset=utf-8'],
      ['/page.css', 'text/css; charset=utf-8'],
    ]) {
      const response = await fetch(`${node.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect((await response.text()).length).toBeGreaterThan(1000);
    }
  });
});

describe('--public-url', () => {
  it.each([
    ['ftp://rpc.example.com', '--public-url must use http or https, got "ftp:"'],
    ['rpc.example.com', '--public-url must be an absolute http(s) URL, got "rpc.example.com"'],
    ['https://user:pw@rpc.example.com', '--public-url must not contain credentials (wallets refuse URLs with credentials)'],
    ['https://rpc.example.com/?key=1', '--public-url must not have a query or fragment'],
  ])('refuses %s', (value, message) => {
    const { status, stderr } = runSequinCommand(['--ephemeral', '--port', '0', '--public-url', value]);
    expect(status).toBe(1);
    expect(stderr).toContain(`invalid configuration:\n  ${message}`);
  });
});
