import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_LIST } from '../config/settingList.js';
import { flagsTable, readmeFlagsTable, withFlagsTable } from './flagsTable.js';
import { flagUsage } from './settingDocs.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README flags table', () => {
  it('is the table generated from the settings (after changing a setting, run `npm run docs:flags`)', () => {
    expect(readmeFlagsTable(README), 'README.md "### Flags" differs from the settings: run `npm run docs:flags`').toBe(flagsTable());
  });

  it('has a row for every setting, with its default', () => {
    const rows = flagsTable().split('\n');
    for (const { setting } of SETTING_LIST) {
      expect(
        rows.filter((row) => row.startsWith(`| \`${flagUsage(setting)}\` | ${setting.defaultDoc} |`)),
        setting.flag,
      ).toHaveLength(1);
    }
  });

  it('is written back by withFlagsTable when a row is missing, leaving the rest of the README alone', () => {
    const lines = README.split('\n');
    const stale = lines.filter((line) => !line.startsWith('| `--txpool-price-bump')).join('\n');
    expect(readmeFlagsTable(stale)).not.toBe(flagsTable());
    expect(withFlagsTable(stale)).toBe(README);
  });

  it('refuses a README without the section', () => {
    expect(() => readmeFlagsTable('# Sequin\n\nno flags here\n')).toThrow('README has no "### Flags" section');
  });
});
