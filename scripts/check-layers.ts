/**
 * Checks the import graph of src/ and web/ against their layers (declared in scripts/layers.ts, drawn in
 * docs/ARCHITECTURE.md); run by `npm run check`, so a broken rule fails the build:
 *
 *   1. Imports point down. Each tree lists its layers bottom-up; a layer may import its own files and
 *      the layers below it that its rule names. Test files and the test-support folder may import
 *      anything; product code may not import test support, nor reach outside its tree.
 *   2. No import circles. A circle between files (type-only imports count: they still tie the files'
 *      meaning together) is reported with the files it runs through.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { SOURCE, type SourceTree, WEB } from './layers.js';

const repository = new URL('..', import.meta.url).pathname;

/** Every .ts file under `directory`. */
function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT_PATTERNS = [/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g, /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g, /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g];

/** The relative imports of `file` (static, re-exports, side-effect and dynamic), as written. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

/** The .ts file an import names (`./x.js` → `./x.ts`, a folder → its index.ts), or undefined for other files. */
function resolveImport(file: string, specifier: string): string | undefined {
  const target = join(dirname(file), specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isTest(path: string): boolean {
  return path.endsWith('.test.ts');
}

/** Layer-rule violations in `tree`, plus its import graph (file → files it imports) for the circle check. */
function checkLayers(tree: SourceTree, graph: Map<string, string[]>): string[] {
  const root = join(repository, tree.root);
  const violations: string[] = [];
  const order = tree.layers.map((rule) => rule.layer);
  const allowed = new Map<string, Set<string>>();
  tree.layers.forEach((rule, height) => {
    const below = order.slice(0, height);
    const named = rule.imports === 'everything below' ? below : rule.imports;
    for (const name of named) {
      if (!below.includes(name)) violations.push(`${tree.root}: the table lets ${rule.layer} import ${name}, which is not below it`);
    }
    allowed.set(rule.layer, new Set(named));
  });
  const prefixes = tree.layers
    .flatMap((rule) => (rule.paths ?? [rule.layer]).map((path) => ({ path, layer: rule.layer })))
    .sort((a, b) => b.path.length - a.path.length);
  const layerOf = (path: string): string | undefined => prefixes.find((prefix) => path === prefix.path || path.startsWith(`${prefix.path}/`))?.layer;
  const testSupport = tree.testSupport?.path;
  const isTestSupport = (path: string) => testSupport !== undefined && (path === testSupport || path.startsWith(`${testSupport}/`));

  for (const file of walk(root)) {
    const path = relative(root, file);
    const targets: string[] = [];
    graph.set(file, targets);
    const exempt = isTest(path) || isTestSupport(path);
    const layer = layerOf(path);
    if (!exempt && layer === undefined) violations.push(`${tree.root}/${path}: not in any layer of the table`);
    for (const specifier of importsOf(file)) {
      const resolved = resolveImport(file, specifier);
      if (resolved) targets.push(resolved);
      if (exempt || layer === undefined) continue;
      const targetPath = relative(root, join(dirname(file), specifier));
      if (targetPath.startsWith('..')) {
        violations.push(`${tree.root}/${path}: imports from outside ${tree.root}/ (${specifier})`);
        continue;
      }
      if (isTestSupport(targetPath)) {
        violations.push(`${tree.root}/${path}: product code imports ${tree.root}/${testSupport} (${specifier})`);
        continue;
      }
      const target = layerOf(targetPath);
      if (target === layer) continue;
      if (target === undefined || !allowed.get(layer)!.has(target)) {
        violations.push(`${tree.root}/${path}: ${layer} may not import ${target ?? targetPath} (${specifier})`);
      }
    }
  }
  return violations;
}

/**
 * The import circles of `graph`: its strongly connected components (files that all reach each other)
 * of more than one file, or a file importing itself. Tarjan's algorithm, a single depth-first search.
 */
function findCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) components.push(component);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => component.sort());
}

/** The shortest circle from the component's first file back to it, staying inside the component. */
function circleThrough(component: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const circle = [file];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0]!)!);
        return [...circle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return component;
}

const graph = new Map<string, string[]>();
const layerViolations = [SOURCE, WEB].flatMap((tree) => checkLayers(tree, graph));
const circles = findCircles(graph).map((component) => {
  const circle = circleThrough(component, graph).map((file) => relative(repository, file));
  return `${component.length} files tied in circles (${component.map((file) => relative(repository, file)).join(', ')}), e.g. ${circle.join(' → ')}`;
});

if (layerViolations.length > 0) console.error(`Layer rule broken (imports must point down the layers):\n  ${layerViolations.join('\n  ')}`);
if (circles.length > 0) console.error(`Import circles (a file must not import, even through others, a file that imports it):\n  ${circles.join('\n  ')}`);
if (layerViolations.length > 0 || circles.length > 0) process.exit(1);
console.log(`layers: every import of src/ and web/ points down; no import circles (${graph.size} files)`);
