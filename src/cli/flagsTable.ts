/**
 * The README's flags table (section "### Flags"), generated from the settings
 * (config/nodeSettings.ts). `npm run docs:flags` writes it into README.md; flagsTable.test.ts fails
 * while the README's table differs, so no setting goes undocumented.
 */
import { SETTING_LIST } from '../config/settingList.js';
import { allowedValues, CONFIG_FLAG, flagUsage } from './settingDocs.js';

const HEADING = '### Flags';

/** The Markdown table of every flag: usage, default, allowed values, meaning. */
export function flagsTable(): string {
  const rows = [
    ['flag', 'default', 'allowed', 'meaning'],
    ['---', '---', '---', '---'],
    ...SETTING_LIST.map(({ setting }) => [`\`${flagUsage(setting)}\``, setting.defaultDoc, allowedValues(setting) ?? '', setting.doc]),
    [`\`${CONFIG_FLAG.usage}\``, '—', '', CONFIG_FLAG.doc],
  ];
  return rows.map((cells) => `|${cells.map((cell) => (cell === '' ? ' ' : ` ${cell.replaceAll('|', '\\|')} `)).join('|')}|`).join('\n');
}

/** The flags table as it stands in `readme`: the lines starting with `|` after the "### Flags" heading. */
export function readmeFlagsTable(readme: string): string {
  const { start, end } = tableLines(readme);
  return readme.split('\n').slice(start, end).join('\n');
}

/** `readme` with its flags table replaced by {@link flagsTable}. */
export function withFlagsTable(readme: string): string {
  const lines = readme.split('\n');
  const { start, end } = tableLines(readme);
  return [...lines.slice(0, start), flagsTable(), ...lines.slice(end)].join('\n');
}

/** Where the table is: from the first line starting with `|` after the heading to the first after it that does not. */
function tableLines(readme: string): { start: number; end: number } {
  const lines = readme.split('\n');
  const heading = lines.indexOf(HEADING);
  if (heading === -1) throw new Error(`README has no "${HEADING}" section`);
  const start = lines.findIndex((line, index) => index > heading && line.startsWith('|'));
  if (start === -1 || lines.slice(heading + 1, start).some((line) => line.startsWith('#'))) throw new Error(`README's "${HEADING}" section has no table`);
  const after = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return { start, end: after === -1 ? lines.length : after };
}
