/**
 * `npm run docs:flags`: writes the flags table generated from the settings (src/cli/flagsTable.ts)
 * into README.md's "### Flags" section. src/cli/flagsTable.test.ts fails until it has been run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withFlagsTable } from '../src/cli/flagsTable.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const updated = withFlagsTable(readme);
if (updated === readme) console.log('README flags table: already up to date');
else {
  writeFileSync(path, updated);
  console.log('README flags table: updated');
}
