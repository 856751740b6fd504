import { describe, expect, it } from 'vitest';
import { defaultNodeConfig, type NodeConfig } from './nodeConfig.js';
import { validateConfig } from './validateConfig.js';

/** The defaults with `change` applied. */
function configWith(change: (config: NodeConfig) => void): NodeConfig {
  const config = defaultNodeConfig();
  change(config);
  return config;
}

describe('validateConfig', () => {
  it('accepts the defaults', () => {
    expect(validateConfig(defaultNodeConfig())).toEqual([]);
  });

  it.each<[string, (config: NodeConfig) => void, string[]]>([
    ['no executable slots in the pool', (c) => (c.txpool.globalSlots = 0), ['--txpool-global-slots must be at least 1, got 0']],
    ['no guaranteed slot per account', (c) => (c.txpool.accountSlots = 0), ['--txpool-account-slots must be at least 1, got 0']],
    [
      'a price bump of 0',
      (c) => (c.txpool.priceBump = 0),
      ['--txpool-price-bump must be at least 1 (percent), got 0: a replacement must pay more than the tx it replaces'],
    ],
    ['a fractional price bump', (c) => (c.txpool.priceBump = 2.5), ['--txpool-price-bump must be a whole number (percent), got 2.5']],
    ['a negative queue', (c) => (c.txpool.accountQueue = -1), ['--txpool-account-queue must be at least 0, got -1']],
    ['a negative price limit', (c) => (c.txpool.priceLimit = -1n), ['--txpool-price-limit must be at least 0 (wei), got -1']],
    [
      'more slots per account than in the pool',
      (c) => {
        c.txpool.accountSlots = 200;
        c.txpool.globalSlots = 100;
      },
      ['--txpool-account-slots must be at most --txpool-global-slots (100), got 200: an account cannot be guaranteed more slots than the pool has'],
    ],
    ['a port past 65535', (c) => (c.port = 70_000), ['--port must be at most 65535, got 70000']],
    ['a port given as text by code', (c) => (c.port = '8545' as unknown as number), ['--port must be a whole number, got "8545"']],
    [
      'an interval longer than a timer can wait',
      (c) => (c.preconfIntervalMs = 2 ** 31),
      ['--preconf-interval must be at most 2147483647 (ms), got 2147483648'],
    ],
    [
      'a block time that is no multiple of the interval',
      (c) => (c.blockTimeMs = 1100),
      ['--block-time must be a multiple of --preconf-interval (200 ms), got 1100'],
    ],
    ['chain id 0', (c) => (c.chainId = 0n), ['--chain-id must be at least 1, got 0']],
    ['a negative balance, shown in ether', (c) => (c.accountBalance = -1n), ['--balance must be at least 0 (ETH), got -0.000000000000000001']],
    [
      'an unknown log level',
      (c) => (c.logLevel = 'loud' as NodeConfig['logLevel']),
      ['--log-level must be one of silent, error, warn, info, debug, got "loud"'],
    ],
    ['an empty host', (c) => (c.host = ''), ['--host must not be empty']],
    ['a mnemonic of 3 words, not echoed', (c) => (c.mnemonic = 'alpha beta gamma'), ['--mnemonic must have at least 12 words']],
    [
      'an inflight limit below the body limit',
      (c) => (c.maxInflightBytes = c.maxBodyBytes - 1),
      ['--max-inflight-bytes must be at least --max-body-bytes (5242880 bytes), got 5242879'],
    ],
    [
      'a default sync wait past the longest',
      (c) => (c.sendSyncTimeoutMs = 40_000),
      ['--send-sync-timeout must be at most --send-sync-max-timeout (30000 ms), got 40000'],
    ],
    ['a WebSocket buffer below 64 KiB', (c) => (c.ws.maxBufferedBytes = 1024), ['--ws-max-buffered-bytes must be at least 65536 (bytes), got 1024']],
  ])('refuses %s, naming the flag and what it expects', (_, change, problems) => {
    expect(validateConfig(configWith(change))).toEqual(problems);
  });

  it('checks a rule between settings only when both passed their own rules, so one bad value gives one message', () => {
    expect(validateConfig(configWith((c) => (c.preconfIntervalMs = 7)))).toEqual(['--preconf-interval must be at least 10 (ms), got 7']);
  });

  it('lists every problem, in the order of the settings', () => {
    const problems = validateConfig(
      configWith((c) => {
        c.txpool.priceBump = 0;
        c.port = -1;
        c.blockTimeMs = 1100;
      }),
    );
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['--port', '--txpool-price-bump', '--block-time']);
  });
});
