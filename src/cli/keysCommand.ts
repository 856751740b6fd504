import { NODE_SETTINGS } from '../config/nodeSettings.js';
import { openApiKeyStore } from '../rpc/access/openApiKeyStore.js';

/** A `sequin keys …` command line, parsed. */
export type KeysCommand =
  | { action: 'create'; name: string; dataDir: string }
  | { action: 'list'; dataDir: string }
  | { action: 'revoke'; target: string; dataDir: string };

export const KEYS_USAGE = [
  'Usage:',
  '  sequin keys create --name NAME [--data-dir DIR]   make a key; it is printed once, on stdout',
  '  sequin keys list [--data-dir DIR]                 list keys (id, name, created, revoked); never the keys',
  '  sequin keys revoke NAME-OR-ID [--data-dir DIR]    refuse a key from the next request on',
  '',
  'DIR defaults to $SEQUIN_DATA_DIR, else ./.sequin. Works while the node runs on DIR.',
].join('\n');

/** Parses the words after `sequin keys`. Throws with the usage on anything unexpected. */
export function parseKeysCommand(argv: readonly string[], environment: NodeJS.ProcessEnv): KeysCommand {
  const [action, ...rest] = argv;
  let dataDir = environment[NODE_SETTINGS.dataDir.environment] ?? NODE_SETTINGS.dataDir.default;
  let name: string | undefined;
  const positionals: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!;
    const [flag, inline] = word.startsWith('--') ? (word.split('=', 2) as [string, string | undefined]) : [word, undefined];
    if (flag === '--data-dir' || flag === '--name') {
      const value = inline ?? rest[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${KEYS_USAGE}`);
      if (flag === '--data-dir') dataDir = value;
      else name = value;
    } else if (word.startsWith('-')) throw new Error(`unknown option ${word}\n${KEYS_USAGE}`);
    else positionals.push(word);
  }
  if (action === 'create' && name !== undefined && positionals.length === 0) return { action, name, dataDir };
  if (action === 'list' && name === undefined && positionals.length === 0) return { action, dataDir };
  if (action === 'revoke' && name === undefined && positionals.length === 1) return { action, target: positionals[0]!, dataDir };
  throw new Error(KEYS_USAGE);
}

/**
 * Runs a keys command. `create` prints the key alone on stdout (so `KEY=$(sequin keys create …)`
 * works) and how to use it on stderr; the key is never shown again.
 */
export async function runKeysCommand(command: KeysCommand, output: { out: (text: string) => void; err: (text: string) => void }): Promise<void> {
  const { store, close } = openApiKeyStore(command.dataDir);
  try {
    if (command.action === 'create') {
      const { key, record } = await store.create(command.name);
      output.err(`Created API key "${record.name}" (id ${record.id}) in ${command.dataDir}. It is shown only this once: store it now.\n`);
      output.out(`${key}\n`);
      output.err(`Use it as http://HOST:PORT/v1/${key} or with the header "Authorization: Bearer ${key}".\n`);
    } else if (command.action === 'list') {
      const records = store.list();
      if (records.length === 0) {
        output.out(`No API keys in ${command.dataDir}.\n`);
        return;
      }
      const rows = [
        ['ID', 'NAME', 'CREATED', 'STATUS'],
        ...records.map((record) => [record.id, record.name, record.createdAt, record.revokedAt ? `revoked ${record.revokedAt}` : 'active']),
      ];
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      output.out(
        `${rows
          .map((row) =>
            row
              .map((cell, column) => cell.padEnd(widths[column]!))
              .join('  ')
              .trimEnd(),
          )
          .join('\n')}\n`,
      );
    } else {
      const record = await store.revoke(command.target);
      output.out(`Revoked API key "${record.name}" (id ${record.id}); a running node refuses it from its next request.\n`);
    }
  } finally {
    await close();
  }
}
