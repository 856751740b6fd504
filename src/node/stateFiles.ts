import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeConfig } from '../config/nodeConfig.js';
import type { StateDumps } from '../services/dev/StateDumps.js';

/**
 * The --load-state, --dump-state and --state files, as Anvil has them: Anvil's JSON state dump
 * (services/dev/serializableState.ts); a directory stands for `<directory>/state.json`.
 * --load-state must exist; --state is loaded only when it exists, and written on exit like
 * --dump-state. Loading happens at every start, as one state edit (on a persistent data
 * directory too: the file's accounts overwrite what the chain holds for them).
 */
export interface StateFiles {
  /** The file to load at start, and whether it must exist. */
  load?: { path: string; required: boolean };
  /** The file to write on a clean exit. */
  dump?: string;
}

/** The state files a configuration names. */
export function stateFilesOf(config: Pick<NodeConfig, 'loadState' | 'dumpState' | 'state'>): StateFiles {
  if (config.state !== undefined) return { load: { path: resolve(config.state), required: false }, dump: resolve(config.state) };
  return {
    ...(config.loadState === undefined ? {} : { load: { path: resolve(config.loadState), required: true } }),
    ...(config.dumpState === undefined ? {} : { dump: resolve(config.dumpState) }),
  };
}

/** Loads the start-up state file, if any; returns the number of accounts loaded (undefined when nothing was loaded). Throws a sentence naming the file when it cannot be read or is not a dump. */
export async function loadStateFile(files: StateFiles, dumps: StateDumps): Promise<number | undefined> {
  const { load } = files;
  if (!load || (!load.required && !existsSync(load.path))) return undefined;
  let text: string;
  try {
    text = readFileSync(load.path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the state file ${load.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return await dumps.loadJson(text, `state file ${load.path}`);
  } catch (error) {
    if (error instanceof TypeError || error instanceof SyntaxError) throw new Error(`${load.path} is not a state dump: ${error.message}`);
    throw error;
  }
}

/** Writes the exit state file, if any: beside it first, then renamed over it, so a crash mid-write leaves the old file whole. */
export function dumpStateFile(files: StateFiles, dumps: StateDumps): void {
  if (!files.dump) return;
  const partial = `${files.dump}.partial`;
  writeFileSync(partial, dumps.dumpJson());
  renameSync(partial, files.dump);
}

function resolve(path: string): string {
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'state.json') : path;
}
