/**
 * `npm run docs:layers`: writes the layer tables drawn from scripts/layers.ts into docs/ARCHITECTURE.md
 * (scripts/layersTable.ts). test/docs/layersTable.test.ts fails until it has been run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { withLayersTables } from './layersTable.js';

const path = new URL('../docs/ARCHITECTURE.md', import.meta.url);
const page = readFileSync(path, 'utf8');
const updated = withLayersTables(page);
if (updated === page) console.log('docs/ARCHITECTURE.md layer tables: already up to date');
else {
  writeFileSync(path, updated);
  console.log('docs/ARCHITECTURE.md layer tables: updated');
}
