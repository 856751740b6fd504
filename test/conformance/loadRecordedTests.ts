/**
 * Finds every `.io` test below a folder, in the order hive's `rpc-compat` runs them: the order Go's
 * `filepath.Walk` visits files (depth first, the entries of each folder sorted bytewise by name, the
 * `.io` suffix included). Order matters: the tests share one node, and some of them change its pool.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecordedTest, type RecordedTest } from './parseRecordedTest.js';

/** The vendored fixtures (see execution-apis/README.md). */
export const EXECUTION_APIS_DIR = new URL('./execution-apis/', import.meta.url).pathname;
/** The folder of `.io` tests, `genesis.json` and `chain.rlp`. */
export const EXECUTION_APIS_TESTS_DIR = join(EXECUTION_APIS_DIR, 'tests');

/** Parses every `.io` file below `testsDir` (default: the vendored tests), in hive's order. */
export function loadRecordedTests(testsDir: string = EXECUTION_APIS_TESTS_DIR): RecordedTest[] {
  return listTestFiles(testsDir, '').map((relativePath) =>
    parseRecordedTest(relativePath.slice(0, -'.io'.length), readFileSync(join(testsDir, relativePath), 'utf8')),
  );
}

/** Paths (relative to `root`, `/`-separated) of the `.io` files below `root/prefix`, in filepath.Walk order. */
function listTestFiles(root: string, prefix: string): string[] {
  const names = readdirSync(join(root, prefix)).sort(compareBytewise);
  return names.flatMap((name) => {
    const relativePath = prefix === '' ? name : `${prefix}/${name}`;
    if (statSync(join(root, relativePath)).isDirectory()) return listTestFiles(root, relativePath);
    return name.endsWith('.io') ? [relativePath] : [];
  });
}

/** Go's sort.Strings: by UTF-8 bytes, not by UTF-16 code units or locale. */
export function compareBytewise(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
