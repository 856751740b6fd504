/**
 * docs/ARCHITECTURE.md's layer tables are drawn from the one declaration of the layers
 * (scripts/layers.ts) that the layer check enforces, so the page cannot drift from the rule;
 * and every layer of src/ opens with a README.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCE } from '../../scripts/layers.js';
import { DRAWN_TREES, layersTable, markersOf, withLayersTables } from '../../scripts/layersTable.js';

const PAGE_URL = new URL('../../docs/ARCHITECTURE.md', import.meta.url);
const PAGE = readFileSync(PAGE_URL, 'utf8');

describe("docs/ARCHITECTURE.md's layer tables", () => {
  it('are the tables drawn from scripts/layers.ts (after changing a layer, run `npm run docs:layers`)', () => {
    expect(withLayersTables(PAGE) === PAGE, 'docs/ARCHITECTURE.md differs from scripts/layers.ts: run `npm run docs:layers`').toBe(true);
  });

  it('show every layer with what it may import', () => {
    for (const tree of DRAWN_TREES) {
      const rows = layersTable(tree).split('\n');
      for (const rule of tree.layers)
        expect(
          rows.filter((row) => row.startsWith(`| **${rule.layer}** |`)),
          rule.layer,
        ).toHaveLength(1);
    }
    expect(layersTable(SOURCE)).toContain('| **cli** | `src/cli/` |');
    expect(
      layersTable(SOURCE)
        .split('\n')
        .find((row) => row.startsWith('| **cli** |')),
    ).toMatch(/\| primitives, errors, config, rpc, node \|$/);
  });

  it('are written back when the page holds a stale row, leaving the rest of the page alone', () => {
    const stale = PAGE.replace(/^\| \*\*storage\*\* \|.*$/m, '| **storage** | `src/storage/` | something else | everything |');
    expect(stale).not.toBe(PAGE);
    expect(withLayersTables(stale)).toBe(PAGE);
  });

  it('refuse a page without the markers', () => {
    expect(() => withLayersTables('# Architecture\n')).toThrow(markersOf(SOURCE).start);
  });
});

describe('every layer of src/', () => {
  it('opens with a README.md', () => {
    const folders = [...SOURCE.layers.flatMap((rule) => rule.paths ?? [rule.layer]), ...(SOURCE.testSupport ? [SOURCE.testSupport.path] : [])];
    const missing = folders.filter((folder) => !existsSync(new URL(`../../src/${folder}/README.md`, import.meta.url)));
    expect(missing, 'layers without a README.md').toEqual([]);
  });
});
