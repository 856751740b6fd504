import { describe, expect, it } from 'vitest';
import { formatScoreboard } from './formatScoreboard.js';

describe('formatScoreboard', () => {
  const outcomes = [
    { name: 'eth_chainId/get-chain-id', method: 'eth_chainId', status: 'passed' as const },
    { name: 'eth_config/get-config', method: 'eth_config', status: 'failed' as const, failure: 'exchange 1: differs:\nresult: missing\nerror: unexpected' },
    { name: 'eth_capabilities/get', method: 'eth_capabilities', status: 'passed-by-schema' as const },
  ];

  it('counts per method and in total, then lists failures', () => {
    expect(formatScoreboard(outcomes, { failureLines: 2 })).toBe(
      [
        'method            passed  schema  failed  total',
        'eth_chainId            1       0       0      1',
        'eth_config             0       0       1      1',
        'eth_capabilities       0       1       0      1',
        'total                  1       1       1      3',
        '',
        '2 of 3 tests pass (1 of them speconly, judged by the result schema).',
        '',
        'Failed tests:',
        '  eth_config/get-config',
        '    exchange 1: differs:',
        '    result: missing',
        '    … 1 more line(s)',
      ].join('\n'),
    );
  });

  it('leaves the failure list out with failureLines 0', () => {
    expect(formatScoreboard(outcomes, { failureLines: 0 })).not.toContain('Failed tests');
  });
});
