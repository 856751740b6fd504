/**
 * The command line of `sequin`: flags, SEQUIN_* environment variables and the --config JSON file,
 * each reading the settings of config/nodeSettings.ts (so a new setting needs no code here).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultNodeConfig, type NodeConfig } from '../config/nodeConfig.js';
import { findSetting, readSettingValue, SETTING_LIST, type SettingEntry, writeSettingValue } from '../config/settingList.js';
import type { ImportRequest } from '../node/importChain.js';
import { parseImportCommand } from './importCommand.js';
import { type KeysCommand, parseKeysCommand } from './keysCommand.js';

/** What the command line asked for. */
export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'run'; config: NodeConfig }
  | { kind: 'keys'; command: KeysCommand }
  | { kind: 'import'; request: ImportRequest };

/** A value for one setting as one source gave it, not decoded yet; `source` names where, unless it is the flag itself. */
interface Given {
  entry: SettingEntry;
  value: string | boolean | string[];
  source?: string;
}

/**
 * Builds the config from defaults, the --config JSON file (or SEQUIN_CONFIG), SEQUIN_* environment
 * variables and flags, in rising precedence; list settings (API keys) collect from all of them
 * instead. Or, for `sequin keys …`, the API key command. Throws an Error with a user-facing message
 * on bad input; values in range are the business of config/validateConfig.ts.
 */
export function parseCommandLine(argv: string[], environment: NodeJS.ProcessEnv = process.env): Command {
  if (argv[0] === 'keys') return { kind: 'keys', command: parseKeysCommand(argv.slice(1), environment) };
  if (argv[0] === 'import') return { kind: 'import', request: parseImportCommand(argv.slice(1), environment) };
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {
    help: { type: 'boolean' },
    version: { type: 'boolean' },
    config: { type: 'string' },
  };
  for (const { setting } of SETTING_LIST) {
    options[optionName(setting)] =
      setting.shape === 'switch' ? { type: 'boolean' } : setting.shape === 'list' ? { type: 'string', multiple: true } : { type: 'string' };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new Error(`${(error as Error).message.replace(/\. To specify.*$/s, '')}\nRun "sequin --help" for the list of flags.`);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const configFile = (values.config as string | undefined) ?? environment.SEQUIN_CONFIG;
  const given: Given[] = [
    ...(configFile ? readConfigFile(configFile) : []),
    ...fromEnvironment(environment),
    ...SETTING_LIST.flatMap((entry) => {
      const value = values[optionName(entry.setting)];
      if (value === undefined) return [];
      // `--no-name` turns off a switch that is on by default.
      return [{ entry, value: entry.setting.flag === `--no-${entry.setting.name}` ? !value : value }];
    }),
  ];
  const config = defaultNodeConfig();
  for (const { entry, value, source } of given) {
    for (const text of Array.isArray(value) ? value : [value]) {
      const decoded = typeof text === 'boolean' ? text : decode(entry, text, source);
      const { path, setting } = entry;
      if (setting.shape === 'list') writeSettingValue(config, path, [...(readSettingValue(config, path) as unknown[]), ...(decoded as unknown[])]);
      else writeSettingValue(config, path, decoded);
    }
  }
  return { kind: 'run', config };
}

/** The flag of a setting without its dashes: `block-time`, or `no-preinstalls` for a switch that is on by default. */
function optionName(setting: SettingEntry['setting']): string {
  return setting.flag.slice(2);
}

function fromEnvironment(environment: NodeJS.ProcessEnv): Given[] {
  return SETTING_LIST.flatMap((entry) => {
    const { environment: name, shape } = entry.setting;
    const text = environment[name];
    if (text === undefined) return [];
    return [{ entry, value: shape === 'list' ? splitList(text) : text, source: name }];
  });
}

/** The settings of a JSON config file: an object whose keys are setting names, kebab-case or camelCase. */
function readConfigFile(path: string): Given[] {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  if (content === null || typeof content !== 'object' || Array.isArray(content)) throw new Error(`config file ${path} must hold a JSON object`);
  return Object.entries(content).map(([key, value]) => {
    const entry = findSetting(key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));
    if (!entry) throw new Error(`config file ${path}: unknown setting "${key}"`);
    const source = `config file ${path}`;
    if (entry.setting.shape === 'list') return { entry, value: Array.isArray(value) ? value.map(String) : splitList(String(value)), source };
    return { entry, value: typeof value === 'boolean' && entry.setting.shape === 'switch' ? value : String(value), source };
  });
}

/** The setting's value written as `text`; a bad one throws its message, saying where the text came from unless from the flag. */
function decode(entry: SettingEntry, text: string, source: string | undefined): unknown {
  try {
    return entry.setting.decode(text);
  } catch (error) {
    throw new Error(source === undefined ? (error as Error).message : `${(error as Error).message} (from ${source})`);
  }
}

/** A comma-separated list, items trimmed, empty items dropped. */
function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
