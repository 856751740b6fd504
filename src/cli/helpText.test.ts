import { describe, expect, it } from 'vitest';
import { SETTING_LIST } from '../config/settingList.js';
import { helpText } from './helpText.js';
import { flagUsage } from './settingDocs.js';

describe('sequin --help', () => {
  const help = helpText();
  const lines = help.split('\n');

  it('lists every setting once, as a line of its own starting with the flag and its value name', () => {
    for (const { setting } of SETTING_LIST) {
      expect(
        lines.filter((line) => line.startsWith(`  ${flagUsage(setting)} `)),
        setting.flag,
      ).toHaveLength(1);
    }
  });

  it('says each default, the bounds and the unit', () => {
    expect(help).toMatch(/--block-time MS +milliseconds between sealed blocks \(default 2000 ms; ≥ 1000, a multiple of\s+--preconf-interval\)/);
    expect(help).toMatch(/--txpool-global-slots N +most executable txs in the pool .*\(default 5120; ≥ 1\)/s);
    expect(help).toMatch(/--balance ETH +genesis balance of each dev account, in ether \(default 10000 ETH; ≥ 0\)/);
    expect(help).toMatch(/--public-url URL .*\(default: the\s+address listened on;/s);
  });

  it('shows the docs as plain text, in lines of at most 120 characters', () => {
    expect(help).not.toMatch(/`|\*\*|\]\(#/);
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
  });
});
