import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../config/validateConfig.js';
import { type Command, parseCommandLine } from './parseCommandLine.js';

function config(argv: string[], environment: NodeJS.ProcessEnv = {}) {
  const command: Command = parseCommandLine(argv, environment);
  if (command.kind !== 'run') throw new Error(`expected a run command, got ${command.kind}`);
  return command.config;
}

describe('parseCommandLine: access and limits', () => {
  it('collects API keys from repeated --api-key, comma-separated SEQUIN_API_KEYS and the config file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'sequin-flags-'));
    const file = join(directory, 'config.json');
    writeFileSync(file, JSON.stringify({ apiKey: ['from-file-0123456789'] }));
    const parsed = config(['--config', file, '--api-key', 'flag-one-0123456789', '--api-key=flag-two-0123456789'], {
      SEQUIN_API_KEYS: ' env-a-0123456789abc, env-b-0123456789abc ,',
    });
    expect(parsed.apiKeys).toEqual(['from-file-0123456789', 'env-a-0123456789abc', 'env-b-0123456789abc', 'flag-one-0123456789', 'flag-two-0123456789']);
  });

  it('reads the access and limit flags', () => {
    const parsed = config([
      '--public-tier',
      '--trust-proxy',
      '--log-rpc',
      '--log-format',
      'json',
      '--public-rate-limit',
      '5',
      '--public-rate-burst',
      '7',
      '--dedicated-rate-limit',
      '0',
      '--max-nesting-depth',
      '20',
      '--max-batch-response-bytes',
      '4096',
      '--rpc-timeout',
      '45000',
    ]);
    expect(parsed).toMatchObject({
      publicTier: true,
      trustProxy: true,
      logRpc: true,
      logFormat: 'json',
      publicRateLimit: 5,
      publicRateBurst: 7,
      dedicatedRateLimit: 0,
      maxNestingDepth: 20,
      maxBatchResponseBytes: 4096,
      rpcTimeoutMs: 45_000,
    });
    expect(validateConfig(parsed)).toEqual([]);
  });

  it('refuses a short or non-URL-safe API key without echoing it', () => {
    const problems = validateConfig(config(['--api-key', 'short', '--api-key', 'has/slash/0123456789']));
    expect(problems).toEqual([
      'API key #1 (--api-key / SEQUIN_API_KEYS) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it travels in URLs)',
      'API key #2 (--api-key / SEQUIN_API_KEYS) must be at least 16 characters of A-Z a-z 0-9 . _ ~ - (it travels in URLs)',
    ]);
    expect(problems.join()).not.toContain('short');
  });

  it('refuses a request timeout shorter than the longest eth_sendRawTransactionSync wait', () => {
    expect(validateConfig(config(['--rpc-timeout', '30000']))).toEqual([
      '--rpc-timeout must be longer than --send-sync-max-timeout (30000 ms), or eth_sendRawTransactionSync would time out first',
    ]);
    expect(() => config(['--log-format', 'xml'])).toThrow('--log-format must be one of auto, json, pretty, got "xml"');
  });
});

describe('parseCommandLine: sources and precedence', () => {
  function configFile(settings: Record<string, unknown>): string {
    const file = join(mkdtempSync(join(tmpdir(), 'sequin-flags-')), 'config.json');
    writeFileSync(file, JSON.stringify(settings));
    return file;
  }

  it('takes each setting from the flag, else the environment, else the config file, else the default', () => {
    const file = configFile({ txpoolPriceBump: 20, 'txpool-global-slots': 300, balance: '5', chainId: '0x10', ephemeral: true });
    const parsed = config(['--config', file, '--txpool-price-bump', '40'], {
      SEQUIN_TXPOOL_PRICE_BUMP: '30',
      SEQUIN_TXPOOL_GLOBAL_SLOTS: '200',
      SEQUIN_EPHEMERAL: 'false',
    });
    expect(parsed.txpool).toMatchObject({ priceBump: 40, globalSlots: 200, accountSlots: 16 });
    expect(parsed).toMatchObject({ ephemeral: false, chainId: 16n, accountBalance: 5n * 10n ** 18n, port: 8545 });
  });

  it('reads the config file named by SEQUIN_CONFIG', () => {
    expect(config([], { SEQUIN_CONFIG: configFile({ wsPingInterval: 0 }) }).ws.pingIntervalMs).toBe(0);
  });

  it.each<[string[], NodeJS.ProcessEnv, string]>([
    [['--txpool-global-slots', 'many'], {}, '--txpool-global-slots expects a whole number, got "many"'],
    [[], { SEQUIN_TXPOOL_GLOBAL_SLOTS: 'many' }, '--txpool-global-slots expects a whole number, got "many" (from SEQUIN_TXPOOL_GLOBAL_SLOTS)'],
    [[], { SEQUIN_PUBLIC_TIER: 'maybe' }, '--public-tier expects true or false, got "maybe" (from SEQUIN_PUBLIC_TIER)'],
    [['--rpc-gas-cap', '1e9'], {}, '--rpc-gas-cap expects a whole number (decimal or 0x-hex), got "1e9"'],
  ])('refuses an unreadable value, saying where it came from: %j %j', (argv, environment, message) => {
    expect(() => config(argv, environment)).toThrow(message);
  });

  it('refuses an unknown key or an unreadable value in the config file', () => {
    const unknown = configFile({ blockTme: 1000 });
    expect(() => config(['--config', unknown])).toThrow(`config file ${unknown}: unknown setting "blockTme"`);
    const unreadable = configFile({ txpoolAccountQueue: 'lots' });
    expect(() => config(['--config', unreadable])).toThrow(`--txpool-account-queue expects a whole number, got "lots" (from config file ${unreadable})`);
  });

  it('reads values that the validation then refuses with the flag and the bound', () => {
    expect(validateConfig(config(['--txpool-global-slots', '0', '--txpool-price-bump', '0']))).toEqual([
      '--txpool-global-slots must be at least 1, got 0',
      '--txpool-price-bump must be at least 1 (percent), got 0: a replacement must pay more than the tx it replaces',
    ]);
  });
});

describe('parseCommandLine: sequin keys', () => {
  it.each<[string[], NodeJS.ProcessEnv, unknown]>([
    [['keys', 'create', '--name', 'app1'], {}, { action: 'create', name: 'app1', dataDir: '.sequin' }],
    [['keys', 'create', '--name=app1', '--data-dir', '/d'], {}, { action: 'create', name: 'app1', dataDir: '/d' }],
    [['keys', 'list'], { SEQUIN_DATA_DIR: '/env' }, { action: 'list', dataDir: '/env' }],
    [['keys', 'list', '--data-dir=/flag'], { SEQUIN_DATA_DIR: '/env' }, { action: 'list', dataDir: '/flag' }],
    [['keys', 'revoke', 'a1b2c3d4'], {}, { action: 'revoke', target: 'a1b2c3d4', dataDir: '.sequin' }],
  ])('%j', (argv, environment, expected) => {
    expect(parseCommandLine(argv, environment)).toEqual({ kind: 'keys', command: expected });
  });

  it.each([
    [['keys']],
    [['keys', 'create']],
    [['keys', 'revoke']],
    [['keys', 'list', 'extra']],
    [['keys', 'create', '--name', 'a', '--bogus']],
    [['keys', 'delete', 'x']],
  ])('shows the usage for %j', (argv) => {
    expect(() => parseCommandLine(argv, {})).toThrow(/Usage:\n {2}sequin keys create --name NAME/);
  });
});

describe('parseCommandLine: a switch that is on by default', () => {
  it('is on unless --no-preinstalls, SEQUIN_PREINSTALLS=false or "preinstalls": false turns it off', () => {
    expect(config([]).preinstalls).toBe(true);
    expect(config(['--no-preinstalls']).preinstalls).toBe(false);
    expect(config([], { SEQUIN_PREINSTALLS: 'false' }).preinstalls).toBe(false);
    const directory = mkdtempSync(join(tmpdir(), 'sequin-flags-'));
    const file = join(directory, 'config.json');
    writeFileSync(file, JSON.stringify({ preinstalls: false }));
    expect(config(['--config', file]).preinstalls).toBe(false);
    expect(() => config(['--preinstalls'])).toThrow(/Unknown option '--preinstalls'/);
  });
});
