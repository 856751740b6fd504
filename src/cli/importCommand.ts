import { NODE_SETTINGS } from '../config/nodeSettings.js';
import { type ImportProgress, type ImportRequest, importChain } from '../node/importChain.js';

export const IMPORT_USAGE = [
  'Usage:',
  '  sequin import [--data-dir DIR] [--genesis FILE] [--progress-interval MS] CHAIN.rlp[.gz]...',
  '',
  'Imports blocks (concatenated RLP, as geth export writes them; gzip when the name ends in .gz) into the',
  'chain in DIR, validating and executing each under its fork. An empty DIR needs --genesis (the geth',
  'genesis file of the chain); afterwards `sequin --data-dir DIR` serves the chain (with --mining manual:',
  'as imported). Blocks already imported are skipped, so a rerun after an interruption goes on where it',
  'stopped. DIR defaults to $SEQUIN_DATA_DIR, else ./.sequin; no node may run on it meanwhile. Progress is',
  'committed and reported at least every --progress-interval ms (default 1000; 0: after every block).',
].join('\n');

/** Parses the words after `sequin import`. Throws with the usage on anything unexpected. */
export function parseImportCommand(argv: readonly string[], environment: NodeJS.ProcessEnv): ImportRequest {
  let dataDir = environment[NODE_SETTINGS.dataDir.environment] ?? NODE_SETTINGS.dataDir.default;
  let genesisFile = environment[NODE_SETTINGS.genesis.environment];
  const files: string[] = [];
  let progressIntervalMs: number | undefined;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    const [flag, inline] = word.startsWith('--') ? (word.split('=', 2) as [string, string | undefined]) : [word, undefined];
    if (flag === '--progress-interval') {
      const value = inline ?? argv[++index];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > 3_600_000) {
        throw new Error(`--progress-interval needs a number of milliseconds from 0 to 3600000\n${IMPORT_USAGE}`);
      }
      progressIntervalMs = Number(value);
    } else if (flag === '--data-dir' || flag === '--genesis') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${IMPORT_USAGE}`);
      if (flag === '--data-dir') dataDir = value;
      else genesisFile = value;
    } else if (word.startsWith('-')) throw new Error(`unknown option ${word}\n${IMPORT_USAGE}`);
    else files.push(word);
  }
  if (files.length === 0) throw new Error(`no chain file to import\n${IMPORT_USAGE}`);
  return { dataDir, genesisFile, files, ...(progressIntervalMs === undefined ? {} : { progressIntervalMs }) };
}

/**
 * Runs an import, reporting progress on `err` about once a second (on a terminal, one line rewritten in
 * place) and a summary on `out`. Rejects with the first invalid block's error.
 */
export async function runImportCommand(
  request: ImportRequest,
  output: { out: (text: string) => void; err: (text: string) => void; terminal: boolean },
): Promise<ImportProgress> {
  const progress = await importChain(request, (current) => {
    const line = `block ${current.number}: ${describeRate(current)}`;
    output.err(output.terminal ? `\r${line}\u001b[K` : `${line}\n`);
  });
  if (output.terminal) output.err('\n');
  const already = progress.skipped > 0 ? ` (${progress.skipped} already imported, skipped)` : '';
  output.out(
    `Imported ${progress.imported} blocks${already} into ${request.dataDir} in ${(progress.elapsedMs / 1000).toFixed(1)} s: ${describeRate(progress)}. Head: block ${progress.number}.\n`,
  );
  return progress;
}

/** "N imported, X blocks/s, Y Mgas/s". */
function describeRate(progress: ImportProgress): string {
  const seconds = Math.max(progress.elapsedMs, 1) / 1000;
  const blocksPerSecond = progress.imported / seconds;
  const megagasPerSecond = Number(progress.gas) / 1e6 / seconds;
  return `${progress.imported} imported, ${blocksPerSecond.toFixed(1)} blocks/s, ${megagasPerSecond.toFixed(2)} Mgas/s`;
}
