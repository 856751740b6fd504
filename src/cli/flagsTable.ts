/**
 * The flags reference's table (docs/reference/flags.md, section "## Every flag"), generated from the
 * settings (config/nodeSettings.ts). `npm run docs:flags` writes it into that page; flagsTable.test.ts
 * fails while the page's table differs, so no setting goes undocumented.
 */
import { SETTING_LIST } from '../config/settingList.js';
import { allowedValues, CONFIG_FLAG, flagUsage } from './settingDocs.js';

const HEADING = '## Every flag';

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

/** The flags table as it stands in `page`: the lines starting with `|` after the "## Every flag" heading. */
export function documentedFlagsTable(page: string): string {
  const { start, end } = tableLines(page);
  return page.split('\n').slice(start, end).join('\n');
}

/** `page` with its flags table replaced by {@link flagsTable}. */
export function withFlagsTable(page: string): string {
  const lines = page.split('\n');
  const { start, end } = tableLines(page);
  return [...lines.slice(0, start), flagsTable(), ...lines.slice(end)].join('\n');
}

/** Where the table is: from the first line starting with `|` after the heading to the first after it that does not. */
function tableLines(page: string): { start: number; end: number } {
  const lines = page.split('\n');
  const heading = lines.indexOf(HEADING);
  if (heading === -1) throw new Error(`the flags page has no "${HEADING}" section`);
  const start = lines.findIndex((line, index) => index > heading && line.startsWith('|'));
  if (start === -1 || lines.slice(heading + 1, start).some((line) => line.startsWith('#')))
    throw new Error(`the flags page's "${HEADING}" section has no table`);
  const after = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return { start, end: after === -1 ? lines.length : after };
}
