import { switchSetting, textList, wholeNumber } from '../settingKinds.js';

/** Who may call what: API keys of the dedicated tier, the public tier, client addresses and rate limits. */
export const ACCESS_SETTINGS = {
  apiKeys: textList({
    name: 'api-key',
    valueName: 'KEY',
    environment: 'SEQUIN_API_KEYS',
    allowed: '≥ 16 URL-safe characters',
    // Keys travel in URLs (/v1/<key>); the message numbers the key rather than echoing a secret.
    check: (key, index) =>
      key.length < 16 || !/^[A-Za-z0-9._~-]+$/.test(key)
        ? `API key #${index + 1} (--api-key / SEQUIN_API_KEYS) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it travels in URLs)`
        : undefined,
    doc: 'accept this API key for the dedicated tier; repeatable; `SEQUIN_API_KEYS=k1,k2`; keys from `sequin keys create` count too',
  }),
  publicTier: switchSetting({ name: 'public-tier', doc: 'serve `/` as the public tier even while no API key exists' }),
  trustProxy: switchSetting({
    name: 'trust-proxy',
    doc: 'take the client address from the right-most `X-Forwarded-For` entry (one reverse proxy in front)',
  }),
  publicRateLimit: wholeNumber({
    name: 'public-rate-limit',
    unit: 'calls/s',
    default: 50,
    min: 0,
    doc: 'calls per second per client address on the public tier; 0 for none',
  }),
  publicRateBurst: wholeNumber({ name: 'public-rate-burst', default: 100, min: 1, doc: 'calls a public client may save up and spend at once' }),
  dedicatedRateLimit: wholeNumber({ name: 'dedicated-rate-limit', unit: 'calls/s', default: 1000, min: 0, doc: 'calls per second per API key; 0 for none' }),
  dedicatedRateBurst: wholeNumber({ name: 'dedicated-rate-burst', default: 2000, min: 1, doc: 'calls a dedicated client may save up and spend at once' }),
};
