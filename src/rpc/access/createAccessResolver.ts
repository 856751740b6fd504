import type { IncomingMessage } from 'node:http';
import type { CallBudget } from '../server/CallBudget.js';
import type { RequestContext } from '../server/RequestContext.js';
import type { AuthorizeConnection, ConnectionAccess, ReauthorizeConnection } from '../transports/ConnectionAccess.js';
import type { ApiKeyRegistry, KnownApiKey } from './ApiKeyRegistry.js';
import { clientAddress, rateLimitIdentity } from './clientAddress.js';
import type { TokenBucketLimiter } from './TokenBucketLimiter.js';

/** Why a client was turned away, as counted in metrics (never the key itself). */
export type RefusalReason = 'missing_key' | 'invalid_key' | 'rate_limited' | 'no_endpoint';

/** What {@link createAccessResolver} needs. */
export interface AccessResolverOptions {
  keys: ApiKeyRegistry;
  /** `--public-tier`: `/` is the public tier even while no key exists. */
  forcePublicTier: boolean;
  /** `--trust-proxy`: believe the right-most X-Forwarded-For entry (see clientAddress). */
  trustProxy: boolean;
  /** Per-IP limit of the public tier; undefined for none. */
  publicLimiter?: TokenBucketLimiter;
  /** Per-key limit of dedicated clients; undefined for none. */
  dedicatedLimiter?: TokenBucketLimiter;
  /** Told of every refusal, by the authorisation or later by a call budget. */
  onRefusal?: (reason: RefusalReason, tier: 'public' | 'dedicated') => void;
  /**
   * How long a request refused for its rate limit waits before its 429 (a tarpit): a client that
   * hammers without honouring Retry-After then slows itself down instead of the node, since each
   * of its connections gets one answer per pause. Default {@link RATE_LIMITED_DELAY_MS}.
   */
  rateLimitedDelayMs?: number;
}

/** Default pause before a 429: half a second, shorter than the smallest Retry-After (1 s). */
export const RATE_LIMITED_DELAY_MS = 500;

/** The access policy of a node, for its transports and its /metrics page. */
export interface AccessResolver {
  /** Decides each HTTP request's (or WebSocket upgrade's) tier, or refuses it. */
  authorize: AuthorizeConnection;
  /**
   * Decides again, before each message of an open WebSocket connection, from the request that
   * opened it: a key created since makes `/` the public tier, a revoked key is refused (401), as
   * a new connection would be. Never pauses: a client out of tokens is refused per call by its
   * budget instead.
   */
  reauthorize: ReauthorizeConnection;
  /** True when `/` is the public tier: a key exists, or `--public-tier` was given. */
  tiersApply(): boolean;
  /** A number that changes whenever keys are created or revoked (so tiers may have changed). */
  version(): number;
  /** True when the request may read /metrics: always while tiers do not apply, else with a valid key. */
  mayReadMetrics(request: IncomingMessage): boolean;
}

/** Every field of T, each one required (its value may still be undefined). */
type EveryFieldOf<T> = { [K in keyof Required<T>]: T[K] };

/**
 * `base` with `changes` (a field left out of `changes` keeps base's value), every field written in one
 * order: on Node 20's V8, fields added after a spread (`{ ...base, clientId }`) gave each request's context
 * a hidden class of its own (see execution/runStateOutOfResults.ts).
 */
function contextWith(base: RequestContext, changes: Partial<RequestContext>): RequestContext {
  const context: EveryFieldOf<RequestContext> = {
    tier: changes.tier ?? base.tier,
    remoteAddress: changes.remoteAddress ?? base.remoteAddress,
    requestId: changes.requestId ?? base.requestId,
    keyName: changes.keyName ?? base.keyName,
    clientId: changes.clientId ?? base.clientId,
    callBudget: changes.callBudget ?? base.callBudget,
    session: changes.session ?? base.session,
  };
  return context;
}

/**
 * Builds the node's access policy (docs/guides/endpoints.md):
 *
 *   /v1/<key>  or  Authorization: Bearer <key>  ──valid──▶ dedicated (per-key rate limit)
 *                                                └─wrong or revoked──▶ 401
 *   /  without a key ──tiers apply──▶ public (per-IP rate limit; dedicated methods → 403)
 *                    └─no key exists and no --public-tier──▶ every method (a local dev node)
 *   any other path ──▶ as /;  /v1/ without a key ──▶ 401;  /v1/<key>/… ──▶ 404;  an empty bucket ──▶ 429 + Retry-After
 *                                                            (after a 500 ms tarpit pause)
 *
 * A key in the path wins over a Bearer header. Keys are looked up by their SHA-256 in constant
 * time and never logged: the context carries the key's name only.
 */
export function createAccessResolver(options: AccessResolverOptions): AccessResolver {
  const { keys, publicLimiter, dedicatedLimiter } = options;
  const rateLimitedDelayMs = options.rateLimitedDelayMs ?? RATE_LIMITED_DELAY_MS;
  const tiersApply = () => options.forcePublicTier || keys.hasAnyKey();
  const refuse = (reason: RefusalReason, tier: 'public' | 'dedicated', status: number, message: string, headers?: Record<string, string>): ConnectionAccess => {
    options.onRefusal?.(reason, tier);
    return { ok: false, status, message, headers };
  };

  /** How a refusal for the rate limit is worded. */
  const describeLimit = (limiter: TokenBucketLimiter, tier: 'public' | 'dedicated') => (retryAfterSeconds: number) =>
    tier === 'public'
      ? `rate limit exceeded: ${limiter.ratePerSecond} calls/s per IP address on the public endpoint (bursts of ${limiter.burst}); retry after ${retryAfterSeconds} s, or use a dedicated endpoint`
      : `rate limit exceeded: ${limiter.ratePerSecond} calls/s for this API key (bursts of ${limiter.burst}); retry after ${retryAfterSeconds} s`;

  /** The identity's call budget under `limiter`, its refusals counted. */
  const countedBudget = (limiter: TokenBucketLimiter, identity: string, tier: 'public' | 'dedicated'): CallBudget => {
    const budget = limiter.budget(identity, describeLimit(limiter, tier));
    return {
      take: (calls) => {
        const decision = budget.take(calls);
        if (!decision.ok) options.onRefusal?.('rate_limited', tier);
        return decision;
      },
    };
  };

  /** The client's budget under `limiter`, refusing (429, after the tarpit pause) if it has no token left. */
  const limit = (
    limiter: TokenBucketLimiter | undefined,
    identity: string,
    tier: 'public' | 'dedicated',
    context: RequestContext,
  ): ConnectionAccess | Promise<ConnectionAccess> => {
    if (limiter === undefined) return { ok: true, context };
    const now = limiter.peek(identity);
    if (!now.ok) {
      const refusal = refuse('rate_limited', tier, 429, describeLimit(limiter, tier)(now.retryAfterSeconds), { 'Retry-After': String(now.retryAfterSeconds) });
      return rateLimitedDelayMs > 0 ? new Promise((resolve) => setTimeout(() => resolve(refusal), rateLimitedDelayMs)) : refusal;
    }
    return { ok: true, context: contextWith(context, { callBudget: countedBudget(limiter, identity, tier) }) };
  };

  /** Who the client is (route, key, tier), without its rate limit; or the refusal. */
  const identify = (request: IncomingMessage, defaults: RequestContext): Identified | ConnectionAccess => {
    const path = (request.url ?? '/').split('?', 1)[0]!;
    const route = routeOf(path);
    if (route.kind === 'none') return refuse('no_endpoint', 'public', 404, 'no JSON-RPC endpoint at this path: use /v1/<key>');
    if (route.kind === 'keyMissing') return refuse('missing_key', 'public', 401, 'missing API key: use /v1/<key> or the header Authorization: Bearer <key>');
    const address = clientAddress(request, options.trustProxy);
    const presented = route.kind === 'keyed' ? route.key : bearerToken(request.headers.authorization);
    if (presented !== undefined) {
      const known: KnownApiKey | undefined = keys.find(presented);
      if (known === undefined) return refuse('invalid_key', 'dedicated', 401, 'invalid or revoked API key');
      return {
        identified: true,
        limiter: dedicatedLimiter,
        identity: known.id,
        context: contextWith(defaults, { tier: 'dedicated', remoteAddress: address, keyName: known.name, clientId: `key:${known.id}` }),
      };
    }
    // No key and no tiers: a local node serves everything to everyone, like Anvil.
    if (!tiersApply())
      return {
        identified: true,
        context: contextWith(defaults, { tier: 'dedicated', remoteAddress: address, clientId: `address:${rateLimitIdentity(address)}` }),
      };
    return {
      identified: true,
      limiter: publicLimiter,
      identity: rateLimitIdentity(address),
      context: contextWith(defaults, { tier: 'public', remoteAddress: address, clientId: `address:${rateLimitIdentity(address)}` }),
    };
  };

  const authorize: AuthorizeConnection = (request, defaults) => {
    const client = identify(request, defaults);
    if (!('identified' in client)) return client;
    if (client.limiter === undefined || client.identity === undefined) return { ok: true, context: client.context };
    return limit(client.limiter, client.identity, client.context.tier, client.context);
  };

  const reauthorize: ReauthorizeConnection = (request, defaults) => {
    const client = identify(request, defaults);
    if (!('identified' in client)) return client;
    if (client.limiter === undefined || client.identity === undefined) return { ok: true, context: client.context };
    return { ok: true, context: contextWith(client.context, { callBudget: countedBudget(client.limiter, client.identity, client.context.tier) }) };
  };

  return {
    authorize,
    reauthorize,
    tiersApply,
    version: () => keys.version(),
    mayReadMetrics(request) {
      if (!tiersApply()) return true;
      const presented = bearerToken(request.headers.authorization);
      return presented !== undefined && keys.find(presented) !== undefined;
    },
  };
}

/** A client identified by {@link createAccessResolver}: its context, and the limiter and identity its calls are charged to. */
interface Identified {
  identified: true;
  context: RequestContext;
  limiter?: TokenBucketLimiter;
  identity?: string;
}

type Route = { kind: 'root' } | { kind: 'keyed'; key: string } | { kind: 'keyMissing' } | { kind: 'none' };

/**
 * `/v1/<key>` (a trailing slash allowed) carries a key; `/v1` alone lacks one; anything deeper
 * under `/v1/` is no endpoint (a keyed client must not be quietly served as public). Every other
 * path is the root, as geth serves RPC on every path (pages that POST to their own URL work).
 */
function routeOf(path: string): Route {
  if (path === '/v1' || path === '/v1/') return { kind: 'keyMissing' };
  if (!path.startsWith('/v1/')) return { kind: 'root' };
  const match = /^\/v1\/([^/]+)\/?$/.exec(path);
  return match ? { kind: 'keyed', key: match[1]! } : { kind: 'none' };
}

/** The token of `Authorization: Bearer <token>`; other schemes (e.g. a proxy's Basic) are ignored. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}
