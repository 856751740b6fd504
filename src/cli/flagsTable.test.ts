import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTING_LIST } from '../config/settingList.js';
import { documentedFlagsTable, flagsTable, withFlagsTable } from './flagsTable.js';
import { flagUsage } from './settingDocs.js';

const PAGE = readFileSync(new URL('../../docs/reference/flags.md', import.meta.url), 'utf8');

describe('the flags reference (docs/reference/flags.md)', () => {
  it('is the table generated from the settings (after changing a setting, run `npm run docs:flags`)', () => {
    expect(documentedFlagsTable(PAGE), 'docs/reference/flags.md "## Every flag" differs from the settings: run `npm run docs:flags`').toBe(flagsTable());
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

  it('is written back by withFlagsTable when a row is missing, leaving the rest of the page alone', () => {
    const lines = PAGE.split('\n');
    const stale = lines.filter((line) => !line.startsWith('| `--txpool-price-bump')).join('\n');
    expect(documentedFlagsTable(stale)).not.toBe(flagsTable());
    expect(withFlagsTable(stale)).toBe(PAGE);
  });

  it('refuses a page without the section', () => {
    expect(() => documentedFlagsTable('# Flags\n\nno table here\n')).toThrow('the flags page has no "## Every flag" section');
  });
});
