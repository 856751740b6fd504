/**
 * The text of `sequin --help`, generated from the settings (config/nodeSettings.ts) so it cannot
 * drift: each flag with its doc, default and allowed values.
 */
import { SETTING_LIST } from '../config/settingList.js';
import { allowedValues, CONFIG_FLAG, flagUsage, plainText } from './settingDocs.js';

/** Help lines are wrapped to this width, continuations indented under the description. */
const WIDTH = 120;

/** The text of `sequin --help`. */
export function helpText(): string {
  const rows = [
    ...SETTING_LIST.map(({ setting }) => {
      const defaultText = plainText(setting.defaultDoc);
      const allowed = allowedValues(setting);
      const facts = [setting.defaultDoc.startsWith('`') ? `default ${defaultText}` : `default: ${defaultText}`];
      if (allowed !== undefined) facts.push(plainText(allowed));
      return [flagUsage(setting), `${plainText(setting.doc)} (${facts.join('; ')})`] as const;
    }),
    [CONFIG_FLAG.usage, plainText(CONFIG_FLAG.doc)] as const,
    ['--help', 'show this help'] as const,
    ['--version', 'print the version'] as const,
  ];
  const indent = Math.max(...rows.map(([usage]) => usage.length)) + 4;
  return [
    'Sequin: an Ethereum-compatible node that pre-confirms transactions every ~200 ms.',
    '',
    'Usage: sequin [flags]',
    '       sequin keys create --name NAME | list | revoke NAME-OR-ID  [--data-dir DIR]   (API keys)',
    '       sequin import [--data-dir DIR] [--genesis FILE] CHAIN.rlp[.gz]...   (import blocks, as geth import)',
    '',
    'Flags:',
    ...rows.map(([usage, description]) => `  ${usage.padEnd(indent - 2)}${wrap(description, WIDTH - indent).join(`\n${' '.repeat(indent)}`)}`),
    '',
    'Every flag can also be set as SEQUIN_<FLAG> in the environment (e.g. SEQUIN_PORT=9545).',
    'Precedence: flag > environment > config file > default. API keys are the exception: SEQUIN_API_KEYS',
    'takes a comma-separated list, and keys from flags, environment, config file and database all count.',
  ].join('\n');
}

/**
 * `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line of its
 * own), never right after a comparison sign ("≥ 1024" stays together).
 */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/(?<![≥≤<>]) /)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}
