/**
 * A node process serving an imported chain, as hive's rpc-compat sets one up: `sequin import` of a genesis
 * file and an exported chain into a fresh data directory, then `sequin --data-dir DIR --mining manual`, so
 * the chain stays exactly as imported (head, safe and finalized at its last block).
 */
import { createTempDataDir, type NodeProcess, runSequinCommand, startNodeProcess } from './startNodeProcess.js';

/** The execution-apis fixture (CC0): genesis.json and chain.rlp, 54 blocks from Frontier to BPO2. */
export const EXECUTION_APIS_TESTS = new URL('../../test/conformance/execution-apis/tests/', import.meta.url);

/** Imports `chain` on `genesis` into a fresh temporary data directory (removed by cleanupNodeProcesses). */
export function importIntoTempDataDir(genesis: string, chain: string): string {
  const dataDir = createTempDataDir();
  const result = runSequinCommand(['import', '--data-dir', dataDir, '--genesis', genesis, chain], { timeoutMs: 180_000 });
  if (result.status !== 0) throw new Error(`sequin import failed (${result.status}):\n${result.stderr}${result.stdout}`);
  return dataDir;
}

/**
 * Starts a node on the execution-apis fixture chain (or `genesis` + `chain`), mining manually, with
 * `args` on top.
 */
export async function startImportedChainNode(
  options: { genesis?: string; chain?: string; args?: string[]; logLevel?: 'error' | 'warn' | 'info' } = {},
): Promise<NodeProcess & { dataDir: string }> {
  const genesis = options.genesis ?? new URL('genesis.json', EXECUTION_APIS_TESTS).pathname;
  const chain = options.chain ?? new URL('chain.rlp', EXECUTION_APIS_TESTS).pathname;
  const dataDir = importIntoTempDataDir(genesis, chain);
  const args = options.args ?? ['--mining', 'manual'];
  const node = await startNodeProcess({
    storage: { dataDir },
    args: args.includes('--mining') ? args : ['--mining', 'manual', ...args],
    logLevel: options.logLevel ?? 'warn',
  });
  return Object.assign(node, { dataDir });
}
