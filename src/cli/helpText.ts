import { FLAGS } from './flags.js';

/** The text of `sequin --help`, generated from the flag table so it cannot drift. */
export function helpText(): string {
  const rows = [
    ['--config FILE', 'JSON file of settings (keys as below, camelCase or kebab-case)'],
    ...FLAGS.map((flag) => [`--${flag.name}${flag.valueName ? ` ${flag.valueName}` : ''}`, flag.help]),
    ['--help', 'show this help'],
    ['--version', 'print the version'],
  ];
  const width = Math.max(...rows.map(([name]) => name!.length)) + 2;
  return [
    'Sequin: an Ethereum-compatible node that pre-confirms transactions every ~200 ms.',
    '',
    'Usage: sequin [flags]',
    '       sequin keys create --name NAME | list | revoke NAME-OR-ID  [--data-dir DIR]   (API keys)',
    '',
    'Flags:',
    ...rows.map(([name, help]) => `  ${name!.padEnd(width)}${help}`),
    '',
    'Every flag can also be set as SEQUIN_<FLAG> in the environment (e.g. SEQUIN_PORT=9545).',
    'Precedence: flag > environment > config file > default. API keys are the exception: SEQUIN_API_KEYS',
    'takes a comma-separated list, and keys from flags, environment, config file and database all count.',
  ].join('\n');
}
