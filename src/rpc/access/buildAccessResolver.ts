import type { NodeConfig } from '../../config/nodeConfig.js';
import type { Storage } from '../../storage/Storage.js';
import { ApiKeyRegistry } from './ApiKeyRegistry.js';
import { ApiKeyStore } from './ApiKeyStore.js';
import { type AccessResolver, createAccessResolver, type RefusalReason } from './createAccessResolver.js';
import { TokenBucketLimiter } from './TokenBucketLimiter.js';

/** A node's access policy from its configuration: keys (flags and database), tiers, rate limits, proxy trust. */
export function buildAccessResolver(
  config: NodeConfig,
  storage: Storage,
  onRefusal: (reason: RefusalReason, tier: 'public' | 'dedicated') => void,
): { access: AccessResolver; keys: ApiKeyRegistry } {
  const keys = new ApiKeyRegistry({ configuredKeys: config.apiKeys, store: new ApiKeyStore(storage) });
  const limiter = (ratePerSecond: number, burst: number) => (ratePerSecond > 0 ? new TokenBucketLimiter({ ratePerSecond, burst }) : undefined);
  const access = createAccessResolver({
    keys,
    forcePublicTier: config.publicTier,
    trustProxy: config.trustProxy,
    publicLimiter: limiter(config.publicRateLimit, config.publicRateBurst),
    dedicatedLimiter: limiter(config.dedicatedRateLimit, config.dedicatedRateBurst),
    onRefusal,
  });
  return { access, keys };
}
