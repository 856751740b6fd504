import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../storage/MemoryStorage.js';
import type { RequestContext } from '../server/RequestContext.js';
import type { ConnectionAccess } from '../transports/ConnectionAccess.js';
import { ApiKeyRegistry } from './ApiKeyRegistry.js';
import { ApiKeyStore } from './ApiKeyStore.js';
import { createAccessResolver, type RefusalReason } from './createAccessResolver.js';
import { TokenBucketLimiter } from './TokenBucketLimiter.js';

const KEY = 'dedicated-key-0123456789';
const defaults: RequestContext = { tier: 'public', remoteAddress: '127.0.0.1', requestId: 'r' };

function request(url: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.1'): IncomingMessage {
  return { url, headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

function resolver(
  options: {
    keys?: string[];
    forcePublicTier?: boolean;
    publicBurst?: number;
    dedicatedBurst?: number;
    trustProxy?: boolean;
    rateLimitedDelayMs?: number;
  } = {},
) {
  const store = new ApiKeyStore(new MemoryStorage());
  const refusals: Array<[RefusalReason, string]> = [];
  const access = createAccessResolver({
    keys: new ApiKeyRegistry({ configuredKeys: options.keys ?? [KEY], store }),
    forcePublicTier: options.forcePublicTier ?? false,
    trustProxy: options.trustProxy ?? false,
    publicLimiter: new TokenBucketLimiter({ ratePerSecond: 1, burst: options.publicBurst ?? 100, now: () => 0 }),
    dedicatedLimiter: new TokenBucketLimiter({ ratePerSecond: 1, burst: options.dedicatedBurst ?? 100, now: () => 0 }),
    onRefusal: (reason, tier) => refusals.push([reason, tier]),
    rateLimitedDelayMs: options.rateLimitedDelayMs ?? 0,
  });
  return { access, store, refusals };
}

async function decide(
  access: ReturnType<typeof resolver>['access'],
  url: string,
  headers?: Record<string, string>,
  remoteAddress?: string,
): Promise<ConnectionAccess> {
  return access.authorize(request(url, headers, remoteAddress), defaults);
}

describe('createAccessResolver', () => {
  it('serves / as public and the key in the path or a Bearer header as dedicated', async () => {
    const { access } = resolver();
    expect(await decide(access, '/')).toMatchObject({ ok: true, context: { tier: 'public', remoteAddress: '192.0.2.1', requestId: 'r' } });
    for (const [url, headers] of [
      [`/v1/${KEY}`, {}],
      [`/v1/${KEY}/`, {}],
      [`/v1/${KEY}?x=1`, {}],
      ['/', { authorization: `Bearer ${KEY}` }],
      ['/', { authorization: `bearer   ${KEY}` }],
    ] as const) {
      expect(await decide(access, url, headers)).toMatchObject({ ok: true, context: { tier: 'dedicated', keyName: 'config-1' } });
    }
  });

  it('answers 401 for a wrong key and for /v1/ without one, 404 below /v1/<key>/, and serves other paths as /', async () => {
    const { access, refusals } = resolver();
    expect(await decide(access, '/v1/wrong-key-0123456789')).toEqual({ ok: false, status: 401, message: 'invalid or revoked API key' });
    expect(await decide(access, '/', { authorization: 'Bearer wrong' })).toMatchObject({ ok: false, status: 401 });
    expect(await decide(access, '/v1/')).toMatchObject({
      ok: false,
      status: 401,
      message: 'missing API key: use /v1/<key> or the header Authorization: Bearer <key>',
    });
    expect(await decide(access, `/v1/${KEY}/more`)).toMatchObject({ ok: false, status: 404, message: 'no JSON-RPC endpoint at this path: use /v1/<key>' });
    expect(await decide(access, '/tx/')).toMatchObject({ ok: true, context: { tier: 'public' } });
    expect(await decide(access, '/rpc', { authorization: `Bearer ${KEY}` })).toMatchObject({ ok: true, context: { tier: 'dedicated' } });
    expect(refusals).toEqual([
      ['invalid_key', 'dedicated'],
      ['invalid_key', 'dedicated'],
      ['missing_key', 'public'],
      ['no_endpoint', 'public'],
    ]);
  });

  it('never puts the key in what it returns', async () => {
    const { access } = resolver();
    const granted = await decide(access, `/v1/${KEY}`);
    expect(JSON.stringify(granted)).not.toContain(KEY);
  });

  it('ignores other authorization schemes and prefers the path key over the header', async () => {
    const { access } = resolver();
    expect(await decide(access, '/', { authorization: 'Basic dXNlcjpwYXNz' })).toMatchObject({ ok: true, context: { tier: 'public' } });
    expect(await decide(access, `/v1/${KEY}`, { authorization: 'Bearer wrong' })).toMatchObject({ ok: true, context: { tier: 'dedicated' } });
  });

  it('serves everything on / while no key exists and --public-tier is off; a stored key switches tiers on', async () => {
    const { access, store } = resolver({ keys: [] });
    expect(access.tiersApply()).toBe(false);
    const open = await decide(access, '/');
    expect(open).toMatchObject({ ok: true, context: { tier: 'dedicated' } });
    expect(open.ok && open.context.callBudget).toBeUndefined();
    const { key } = await store.create('app1');
    expect(access.tiersApply()).toBe(true);
    expect(await decide(access, '/')).toMatchObject({ ok: true, context: { tier: 'public' } });
    expect(await decide(access, `/v1/${key}`)).toMatchObject({ ok: true, context: { tier: 'dedicated', keyName: 'app1' } });
    expect(resolver({ keys: [], forcePublicTier: true }).access.tiersApply()).toBe(true);
  });

  it('rate-limits the public tier per IP and dedicated clients per key, with 429 and Retry-After', async () => {
    const { access, refusals } = resolver({ publicBurst: 2, dedicatedBurst: 3 });
    const spend = async (url: string, headers?: Record<string, string>, remoteAddress?: string) => {
      const decision = await decide(access, url, headers, remoteAddress);
      if (!decision.ok) return decision;
      return decision.context.callBudget!.take(1);
    };
    expect((await spend('/')).ok).toBe(true);
    expect((await spend('/')).ok).toBe(true);
    const refused = await decide(access, '/');
    expect(refused).toEqual({
      ok: false,
      status: 429,
      message: 'rate limit exceeded: 1 calls/s per IP address on the public endpoint (bursts of 2); retry after 1 s, or use a dedicated endpoint',
      headers: { 'Retry-After': '1' },
    });
    // Another address, and the dedicated key, are not affected.
    expect((await spend('/', {}, '198.51.100.9')).ok).toBe(true);
    for (let i = 0; i < 3; i++) expect((await spend(`/v1/${KEY}`)).ok).toBe(true);
    expect(await spend('/', { authorization: `Bearer ${KEY}` })).toMatchObject({
      ok: false,
      status: 429,
      message: expect.stringContaining('for this API key'),
    });
    expect(refusals.filter(([reason]) => reason === 'rate_limited')).toEqual([
      ['rate_limited', 'public'],
      ['rate_limited', 'dedicated'],
    ]);
  });

  it('answers a rate-limited request only after the tarpit pause', async () => {
    const { access } = resolver({ publicBurst: 1, rateLimitedDelayMs: 80 });
    expect((await decide(access, '/')).ok).toBe(true);
    const refused = await decide(access, '/'); // the bucket is not charged by authorize alone
    if (!refused.ok) throw new Error('expected the token to be still there');
    refused.context.callBudget!.take(1);
    const started = performance.now();
    expect(await decide(access, '/')).toMatchObject({ ok: false, status: 429 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('counts a refusal by the call budget too', async () => {
    const { access, refusals } = resolver({ publicBurst: 1 });
    const granted = await decide(access, '/');
    if (!granted.ok) throw new Error('expected access');
    expect(granted.context.callBudget!.take(5).ok).toBe(true);
    expect(granted.context.callBudget!.take(1)).toMatchObject({ ok: false });
    expect(refusals).toEqual([['rate_limited', 'public']]);
  });

  it('limits by X-Forwarded-For only with --trust-proxy', async () => {
    const trusting = resolver({ publicBurst: 1, trustProxy: true }).access;
    expect((await decide(trusting, '/', { 'x-forwarded-for': '203.0.113.1' }, '127.0.0.1')) as unknown).toMatchObject({
      context: { remoteAddress: '203.0.113.1' },
    });
    const naive = resolver({ publicBurst: 1 }).access;
    expect((await decide(naive, '/', { 'x-forwarded-for': '203.0.113.1' }, '127.0.0.1')) as unknown).toMatchObject({ context: { remoteAddress: '127.0.0.1' } });
  });

  it('lets /metrics be read without a key only while tiers do not apply', async () => {
    expect(resolver({ keys: [] }).access.mayReadMetrics(request('/metrics'))).toBe(true);
    const { access } = resolver();
    expect(access.mayReadMetrics(request('/metrics'))).toBe(false);
    expect(access.mayReadMetrics(request('/metrics', { authorization: 'Bearer nope' }))).toBe(false);
    expect(access.mayReadMetrics(request('/metrics', { authorization: `Bearer ${KEY}` }))).toBe(true);
  });
});
