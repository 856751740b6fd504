/**
 * The layer tables of docs/ARCHITECTURE.md, drawn from the one declaration of the layers
 * (scripts/layers.ts) that scripts/check-layers.ts enforces. `npm run docs:layers` writes them
 * between the page's markers; test/docs/layersTable.test.ts fails while the page differs.
 */
import { type LayerRule, SOURCE, type SourceTree, WEB } from './layers.js';

/** The trees drawn on the page, each between its own pair of markers. */
export const DRAWN_TREES: readonly SourceTree[] = [SOURCE, WEB];

/** The markers around a tree's table: `<!-- layers of src: generated … -->` … `<!-- end of layers of src -->`. */
export function markersOf(tree: SourceTree): { start: string; end: string } {
  return {
    start: `<!-- layers of ${tree.root}/: generated from scripts/layers.ts by \`npm run docs:layers\`; edit that file, not this table -->`,
    end: `<!-- end of layers of ${tree.root}/ -->`,
  };
}

/** A layer's folder (or files) as the table shows them. */
function whereOf(tree: SourceTree, rule: LayerRule): string {
  return (rule.paths ?? [`${rule.layer}/`]).map((path) => `\`${tree.root}/${path}\``).join(', ');
}

/** What a layer may import, as the table shows it: the lower layers by name, or all of them. */
function importsOf(tree: SourceTree, rule: LayerRule, height: number): string {
  if (rule.imports === 'everything below') {
    const below = tree.layers.slice(0, height).map((lower) => lower.layer);
    return below.length === 0 ? 'nothing' : `everything below (${below.join(', ')})`;
  }
  return rule.imports.length === 0 ? `nothing in \`${tree.root}/\`` : rule.imports.join(', ');
}

/** The Markdown table of one tree's layers, top layer first (as the stack reads), then its test support. */
export function layersTable(tree: SourceTree): string {
  const rows = tree.layers.map((rule, height) => [`**${rule.layer}**`, whereOf(tree, rule), rule.holds, importsOf(tree, rule, height)]).reverse();
  if (tree.testSupport) rows.push(['*test support*', `\`${tree.root}/${tree.testSupport.path}/\``, tree.testSupport.holds, 'anything']);
  const lines = [['layer', 'folder', 'holds', 'may import'], ['---', '---', '---', '---'], ...rows];
  return lines.map((cells) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`).join('\n');
}

/** `page` with each drawn tree's table (between its markers) replaced by the one the declaration gives. */
export function withLayersTables(page: string): string {
  return DRAWN_TREES.reduce((text, tree) => {
    const { start, end } = markersOf(tree);
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from === -1 || to < from) throw new Error(`docs/ARCHITECTURE.md has no "${start}" … "${end}" markers`);
    return `${text.slice(0, from + start.length)}\n${layersTable(tree)}\n${text.slice(to)}`;
  }, page);
}
