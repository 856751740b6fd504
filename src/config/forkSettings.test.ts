import { describe, expect, it } from 'vitest';
import { forkUrlProblem, redactUrl, wholeNumberProblem } from './forkSettings.js';

describe('redactUrl', () => {
  it.each([
    ['https://eth-mainnet.g.alchemy.com/v2/abcDEF123456', 'https://eth-mainnet.g.alchemy.com/…'],
    ['https://mainnet.infura.io/v3/0123456789abcdef', 'https://mainnet.infura.io/…'],
    ['https://user:password@node.example:8545', 'https://node.example:8545/…'],
    ['https://rpc.example/?apikey=SECRET', 'https://rpc.example/…'],
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
    ['http://127.0.0.1:8545/', 'http://127.0.0.1:8545'],
  ])('%s shows as %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });
});

describe('fork setting rules', () => {
  it('accept http(s) URLs only, without echoing the URL', () => {
    expect(forkUrlProblem('https://node.example/v2/KEY')).toBeUndefined();
    expect(forkUrlProblem('ws://node.example/v2/KEY')).toBe('--fork-url must use http or https, got "ws:"');
    expect(forkUrlProblem('not a url KEY')).toBe('--fork-url must be an absolute http(s) URL');
  });

  it('accept whole numbers, decimal or hex, within bounds', () => {
    expect(wholeNumberProblem('--fork-block-number', '0x10')).toBeUndefined();
    expect(wholeNumberProblem('--fork-block-number', '12')).toBeUndefined();
    expect(wholeNumberProblem('--fork-block-number', 'latest')).toBe('--fork-block-number must be a whole number (decimal or 0x-hex), got "latest"');
    expect(wholeNumberProblem('--fork-chain-id', '0', 10n)).toBe('--fork-chain-id must be 1 to 10, got 0');
  });
});
