/**
 * `npm run docs:flags`: writes the flags table generated from the settings (src/cli/flagsTable.ts)
 * into docs/reference/flags.md's "## Every flag" section. src/cli/flagsTable.test.ts fails until it has been run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withFlagsTable } from '../src/cli/flagsTable.js';

const path = new URL('../docs/reference/flags.md', import.meta.url);
const page = readFileSync(path, 'utf8');
const updated = withFlagsTable(page);
if (updated === page) console.log('docs/reference/flags.md: already up to date');
else {
  writeFileSync(path, updated);
  console.log('docs/reference/flags.md: updated');
}
