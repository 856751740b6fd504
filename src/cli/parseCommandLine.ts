import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultNodeConfig, type NodeConfig } from '../config/nodeConfig.js';
import { FLAGS } from './flags.js';
import { type KeysCommand, parseKeysCommand } from './keysCommand.js';

/** What the command line asked for. */
export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; config: NodeConfig } | { kind: 'keys'; command: KeysCommand };

/**
 * Builds the config from defaults, the --config JSON file, SEQUIN_* environment variables and
 * flags, in rising precedence; or, for `sequin keys …`, the API key command. Throws an Error
 * with a user-facing message on bad input.
 */
export function parseCommandLine(argv: string[], environment: NodeJS.ProcessEnv = process.env): Command {
  if (argv[0] === 'keys') return { kind: 'keys', command: parseKeysCommand(argv.slice(1), environment) };
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {
    help: { type: 'boolean' },
    version: { type: 'boolean' },
    config: { type: 'string' },
  };
  for (const flag of FLAGS) options[flag.name] = flag.multiple ? { type: flag.kind, multiple: true } : { type: flag.kind };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw new Error(`${(error as Error).message.replace(/\. To specify.*$/s, '')}\nRun "sequin --help" for the list of flags.`);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const config = defaultNodeConfig();
  const configFile = (values.config as string | undefined) ?? environment.SEQUIN_CONFIG;
  if (configFile) applyConfigFile(config, configFile);
  for (const flag of FLAGS) {
    const fromEnvironment = environment[flag.environment ?? `SEQUIN_${flag.name.toUpperCase().replaceAll('-', '_')}`];
    if (fromEnvironment === undefined) continue;
    if (flag.multiple) for (const item of splitList(fromEnvironment)) flag.apply(config, item);
    else flag.apply(config, fromEnvironment);
  }
  for (const flag of FLAGS) {
    const value = values[flag.name];
    if (Array.isArray(value)) for (const item of value) flag.apply(config, item);
    else if (value !== undefined) flag.apply(config, value);
  }
  return { kind: 'run', config };
}

function applyConfigFile(config: NodeConfig, path: string): void {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  if (content === null || typeof content !== 'object' || Array.isArray(content)) throw new Error(`config file ${path} must hold a JSON object`);
  for (const [key, value] of Object.entries(content)) {
    const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    const flag = FLAGS.find((candidate) => candidate.name === kebab);
    if (!flag) throw new Error(`config file ${path}: unknown setting "${key}"`);
    if (flag.multiple) for (const item of Array.isArray(value) ? value.map(String) : splitList(String(value))) flag.apply(config, item);
    else flag.apply(config, typeof value === 'boolean' ? value : String(value));
  }
}

/** A comma-separated list, items trimmed, empty items dropped. */
function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
