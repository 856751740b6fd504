/**
 * Public and dedicated endpoints against the real process: the public tier answers
 * eth_getBlockReceipts with HTTP 403 while /v1/<key> and a Bearer header serve it (also through
 * viem's http transport), the same over WebSocket, 401 for wrong and revoked keys, `sequin keys` against the data directory
 * of a running node, per-call status rules for batches, 429 + Retry-After, X-Forwarded-For trust,
 * /ready and /metrics, and keys never reaching the logs.
 */
import { createPublicClient, http, webSocket } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cleanupNodeProcesses, createTempDataDir, type NodeProcess, runSequinCommand, startNodeProcess } from '../../src/testing/startNodeProcess.js';
import { DEV_ACCOUNTS, postRaw, sequinChain } from './helpers.js';
import { connectWs } from './wsClient.js';

const CONFIGURED_KEY = 'e2e-configured-key-0123456789abcdef';
const receiptsCall = (id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockReceipts', params: ['latest'] });
const chainIdCall = (id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] });
const REFUSED = { code: -32004, message: 'method eth_getBlockReceipts requires a dedicated endpoint' };

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

afterAll(cleanupNodeProcesses);

describe('a node with API keys (tiers apply)', () => {
  let node: NodeProcess;
  let createdKey: string;

  beforeAll(async () => {
    node = await startNodeProcess({ storage: 'temp', args: ['--api-key', CONFIGURED_KEY, '--log-rpc', '--log-level', 'debug'] });
  });

  it('says at start-up that / is the public tier', () => {
    expect(node.stdout()).toContain('Access: / is the public tier (50 calls/s per IP; dedicated-only methods such as eth_getBlockReceipts answer HTTP 403).');
    expect(node.stdout()).toContain('(1 key(s) from flags, 0 from the database)');
  });

  it('public / answers eth_getBlockReceipts with HTTP 403 and a JSON-RPC error; /v1/<key> and Bearer serve it', async () => {
    expect(await post(node.url, receiptsCall())).toMatchObject({ status: 403, json: { jsonrpc: '2.0', id: 1, error: REFUSED } });
    for (const [url, headers] of [
      [`${node.url}/v1/${CONFIGURED_KEY}`, {}],
      [node.url, { authorization: `Bearer ${CONFIGURED_KEY}` }],
    ] as const) {
      const served = await post(url, receiptsCall(), headers);
      expect(served.status).toBe(200);
      expect(served.json).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.any(Array) });
    }
  });

  it('eth_sendTransaction (dev accounts) is dedicated too; public methods stay public', async () => {
    const send = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [{ from: DEV_ACCOUNTS[0]!.address, to: DEV_ACCOUNTS[1]!.address, value: '0x1' }],
    };
    expect(await post(node.url, send)).toMatchObject({
      status: 403,
      json: { error: { code: -32004, message: 'method eth_sendTransaction requires a dedicated endpoint' } },
    });
    expect(await post(node.url, chainIdCall())).toMatchObject({ status: 200, json: { result: '0x7a69' } });
  });

  it("works through viem's http transport with the key in the URL; on the public URL viem surfaces the refusal", async () => {
    const keyed = createPublicClient({ chain: sequinChain(node.url), transport: http(`${node.url}/v1/${CONFIGURED_KEY}`, { retryCount: 0 }) });
    const block = await keyed.getBlock({ blockTag: 'latest' });
    const receipts = await keyed.request({ method: 'eth_getBlockReceipts', params: [`0x${block.number.toString(16)}`] });
    expect(receipts).toHaveLength(block.transactions.length);
    const anonymous = createPublicClient({ chain: sequinChain(node.url), transport: http(node.url, { retryCount: 0 }) });
    const error = await anonymous.request({ method: 'eth_getBlockReceipts', params: ['latest'] }).catch((caught: unknown) => caught);
    // viem reads the JSON-RPC error out of the 403 body (-32004 is EIP-1474's "method not supported").
    expect(error).toMatchObject({ code: -32004, details: 'method eth_getBlockReceipts requires a dedicated endpoint' });
  });

  it('over WebSocket: the public connection is refused eth_getBlockReceipts, /v1/<key> serves it, a wrong key is 401 at the upgrade', async () => {
    const anonymous = await connectWs(node.url);
    expect(await anonymous.request('eth_getBlockReceipts', ['latest'])).toMatchObject({ error: REFUSED });
    expect(await anonymous.request('eth_chainId')).toMatchObject({ result: '0x7a69' });
    anonymous.close();
    const keyed = await connectWs(`${node.url}/v1/${CONFIGURED_KEY}`);
    expect(await keyed.request('eth_getBlockReceipts', ['latest'])).toMatchObject({ result: expect.any(Array) });
    keyed.close();
    const viemClient = createPublicClient({
      chain: sequinChain(node.url),
      transport: webSocket(`${node.url.replace(/^http/, 'ws')}/v1/${CONFIGURED_KEY}`, { retryCount: 0 }),
    });
    expect(await viemClient.request({ method: 'eth_getBlockReceipts', params: ['latest'] })).toEqual(expect.any(Array));
    await (await viemClient.transport.getRpcClient()).close();
    await expect(connectWs(`${node.url}/v1/not-a-key-0123456789`)).rejects.toThrow('Unexpected server response: 401');
  });

  it('answers 401 with a JSON-RPC error for a wrong key, in the path or the header, and for /v1/ without one', async () => {
    const invalid = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid or revoked API key' } };
    expect(await post(`${node.url}/v1/not-a-key-0123456789`, chainIdCall())).toMatchObject({ status: 401, json: invalid });
    expect(await post(node.url, chainIdCall(), { authorization: 'Bearer not-a-key-0123456789' })).toMatchObject({ status: 401, json: invalid });
    expect(await post(`${node.url}/v1/`, chainIdCall())).toMatchObject({
      status: 401,
      json: { error: { code: -32600, message: 'missing API key: use /v1/<key> or the header Authorization: Bearer <key>' } },
    });
    expect(await post(`${node.url}/v1/${CONFIGURED_KEY}/more`, chainIdCall())).toMatchObject({ status: 404 });
    // Any other path is served like / (as geth does).
    expect(await post(`${node.url}/rpc`, receiptsCall())).toMatchObject({ status: 403, json: { error: REFUSED } });
  });

  it('a batch mixing allowed and refused calls is 200 with the refusal per call; a batch of refusals only is 403', async () => {
    const mixed = await post(node.url, [chainIdCall('a'), receiptsCall('b')]);
    expect(mixed.status).toBe(200);
    expect(mixed.json).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x7a69' },
      { jsonrpc: '2.0', id: 'b', error: REFUSED },
    ]);
    const refused = await post(node.url, [receiptsCall('a'), receiptsCall('b')]);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual([
      { jsonrpc: '2.0', id: 'a', error: REFUSED },
      { jsonrpc: '2.0', id: 'b', error: REFUSED },
    ]);
  });

  it("sequin keys create / list / revoke against the running node's data directory take effect at its next request", async () => {
    const created = runSequinCommand(['keys', 'create', '--name', 'app1', '--data-dir', node.dataDir!]);
    expect(created.status, created.stderr).toBe(0);
    createdKey = created.stdout.trim();
    expect(createdKey).toMatch(/^sq_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toMatch(/^Created API key "app1" \(id [0-9a-f]{8}\) in .+\. It is shown only this once: store it now\.\n/);
    expect(await post(`${node.url}/v1/${createdKey}`, receiptsCall())).toMatchObject({ status: 200 });

    const listed = runSequinCommand(['keys', 'list', '--data-dir', node.dataDir!]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^ID {8}NAME {2}CREATED {19}STATUS\n[0-9a-f]{8} {2}app1 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}active\n$/);
    expect(listed.stdout).not.toContain(createdKey);

    const duplicate = runSequinCommand(['keys', 'create', '--name', 'app1', '--data-dir', node.dataDir!]);
    expect(duplicate.status).not.toBe(0);
    expect(duplicate.stderr).toContain('an API key named "app1" already exists');

    const revoked = runSequinCommand(['keys', 'revoke', 'app1', '--data-dir', node.dataDir!]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toMatch(/^Revoked API key "app1" \(id [0-9a-f]{8}\)/);
    expect(await post(`${node.url}/v1/${createdKey}`, chainIdCall())).toMatchObject({
      status: 401,
      json: { error: { message: 'invalid or revoked API key' } },
    });
    expect(runSequinCommand(['keys', 'list', '--data-dir', node.dataDir!]).stdout).toMatch(/app1 {2}\S+ {2}revoked \d{4}-/);
    // The configured key is unaffected.
    expect(await post(`${node.url}/v1/${CONFIGURED_KEY}`, receiptsCall())).toMatchObject({ status: 200 });
  });

  it('/ready says ready; /metrics needs a key and counts refusals by method, tier and outcome', async () => {
    const ready = await fetch(`${node.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', head: expect.any(Number) });
    expect((await fetch(`${node.url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${CONFIGURED_KEY}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = await metrics.text();
    expect(text).toMatch(/^sequin_rpc_calls_total\{method="eth_getBlockReceipts",tier="public",outcome="refused"\} [1-9]\d*$/m);
    expect(text).toMatch(/^sequin_rpc_calls_total\{method="eth_getBlockReceipts",tier="dedicated",outcome="ok"\} [1-9]\d*$/m);
    expect(text).toMatch(/^sequin_rpc_rejected_requests_total\{reason="invalid_key",tier="dedicated"\} [1-9]\d*$/m);
    expect(text).toMatch(/^sequin_txpool_transactions\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^sequin_head_block_number \d+$/m);
    expect(text).toContain('sequin_preconfirmation_latency_seconds_bucket');
    expect(text).toContain('sequin_subblock_build_seconds_bucket');
    expect(text).toMatch(/^sequin_ws_connections \d+$/m);
    expect(text).toMatch(/^sequin_ws_dropped_consumers_total \d+$/m);
    expect(text).not.toContain(CONFIGURED_KEY);
  });

  it('logs every call as JSON with a request id (--log-rpc), and never a key', () => {
    const lines = node
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const served = lines.find((line) => line.msg === 'rpc eth_getBlockReceipts' && line.tier === 'dedicated');
    expect(served).toMatchObject({
      level: 'info',
      method: 'eth_getBlockReceipts',
      outcome: 'ok',
      key: 'config-1',
      client: '127.0.0.1',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(lines.find((line) => line.msg === 'rpc eth_getBlockReceipts' && line.tier === 'public')).toMatchObject({ outcome: 'refused', code: -32004 });
    expect(node.stderr()).not.toContain(CONFIGURED_KEY);
    expect(node.stderr()).not.toContain(createdKey);
  });
});

describe('rate limits', () => {
  let node: NodeProcess;
  beforeAll(async () => {
    node = await startNodeProcess({
      args: [
        '--public-tier',
        '--trust-proxy',
        '--public-rate-limit',
        '2',
        '--public-rate-burst',
        '4',
        '--api-key',
        CONFIGURED_KEY,
        '--dedicated-rate-limit',
        '1',
        '--dedicated-rate-burst',
        '3',
      ],
    });
  });

  it('a public client past its burst gets 429, Retry-After and -32005; other clients and the key are unaffected', async () => {
    const client = { 'x-forwarded-for': '203.0.113.10' };
    for (let i = 0; i < 4; i++) expect((await post(node.url, chainIdCall(), client)).status).toBe(200);
    const limited = await post(node.url, chainIdCall(), client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32005,
        message: `rate limit exceeded: 2 calls/s per IP address on the public endpoint (bursts of 4); retry after ${limited.headers.get('retry-after')} s, or use a dedicated endpoint`,
      },
    });
    expect((await post(node.url, chainIdCall(), { 'x-forwarded-for': '203.0.113.11' })).status).toBe(200);
    expect((await post(`${node.url}/v1/${CONFIGURED_KEY}`, chainIdCall())).status).toBe(200);
  });

  it('a batch pays one token per call: a public batch drives the bucket into debt, and the next request waits', async () => {
    const client = { 'x-forwarded-for': '203.0.113.20' };
    const batch = await post(node.url, [chainIdCall(1), chainIdCall(2), chainIdCall(3), chainIdCall(4), chainIdCall(5), chainIdCall(6)], client);
    expect(batch.status).toBe(200);
    const next = await post(node.url, chainIdCall(), client);
    expect(next.status).toBe(429);
    // 6 calls from a bucket of 4 at 2/s: 3 tokens short, so 2 s until one is back.
    expect(next.headers.get('retry-after')).toBe('2');
  });

  it('limits each API key on its own, with the key-wording', async () => {
    const url = `${node.url}/v1/${CONFIGURED_KEY}`;
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6 && limited === undefined; i++) {
      const answer = await post(url, chainIdCall());
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.json).toMatchObject({
      error: { code: -32005, message: expect.stringMatching(/^rate limit exceeded: 1 calls\/s for this API key \(bursts of 3\); retry after \d+ s$/) },
    });
  });

  it('charges each WebSocket message of a public connection', async () => {
    const socket = new WebSocket(node.url.replace(/^http/, 'ws'), { headers: { 'x-forwarded-for': '203.0.113.30' } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answers: Array<{ id: number; result?: unknown; error?: { code: number } }> = [];
    const allAnswered = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        answers.push(JSON.parse(data.toString()));
        if (answers.length === 6) resolve();
      }),
    );
    for (let id = 1; id <= 6; id++) socket.send(JSON.stringify(chainIdCall(id)));
    await allAnswered;
    socket.close();
    const codes = answers.sort((a, b) => a.id - b.id).map((answer) => answer.error?.code ?? 'ok');
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', -32005, -32005]);
  });

  it('without --trust-proxy, X-Forwarded-For does not buy a new bucket', async () => {
    const naive = await startNodeProcess({ args: ['--public-tier', '--public-rate-limit', '1', '--public-rate-burst', '2'] });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(naive.url, chainIdCall(), { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    await naive.stop();
  });
});

describe('a key created before the node first starts', () => {
  it('is accepted, and the node starts with / as the public tier', async () => {
    const dataDir = createTempDataDir();
    const created = runSequinCommand(['keys', 'create', '--name', 'early'], { env: { SEQUIN_DATA_DIR: dataDir } });
    expect(created.status, created.stderr).toBe(0);
    const node = await startNodeProcess({ storage: { dataDir } });
    expect(node.stdout()).toContain('(0 key(s) from flags, 1 from the database)');
    expect(await post(node.url, receiptsCall())).toMatchObject({ status: 403 });
    expect(await post(`${node.url}/v1/${created.stdout.trim()}`, receiptsCall())).toMatchObject({ status: 200 });
    await node.stop();
  });
});

describe('a node with no key and no --public-tier', () => {
  it('serves every method on / and says so at start-up', async () => {
    const node = await startNodeProcess();
    expect(node.stdout()).toContain('Access: open. No API key exists and --public-tier is not set, so every method is served to everyone on /');
    expect(await post(node.url, receiptsCall())).toMatchObject({ status: 200, json: { result: expect.any(Array) } });
    // /metrics is open too: nothing on this node is behind a key.
    expect((await fetch(`${node.url}/metrics`)).status).toBe(200);
    const { status, text } = await postRaw(`${node.url}/v1/anything-at-all-0123`, JSON.stringify(chainIdCall()));
    expect([status, JSON.parse(text).error.message]).toEqual([401, 'invalid or revoked API key']);
    await node.stop();
  });

  it('takes keys from SEQUIN_API_KEYS (comma-separated)', async () => {
    const node = await startNodeProcess({ env: { SEQUIN_API_KEYS: 'env-key-one-0123456789,env-key-two-0123456789' } });
    expect(node.stdout()).toContain('(2 key(s) from flags, 0 from the database)');
    expect(await post(node.url, receiptsCall())).toMatchObject({ status: 403 });
    expect(await post(`${node.url}/v1/env-key-two-0123456789`, receiptsCall())).toMatchObject({ status: 200 });
    await node.stop();
  });

  it('--public-tier alone makes / public', async () => {
    const node = await startNodeProcess({ args: ['--public-tier'] });
    expect(await post(node.url, receiptsCall())).toMatchObject({ status: 403, json: { error: REFUSED } });
    await node.stop();
  });
});
