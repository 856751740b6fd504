/**
 * Fails when a source file imports a layer above its own (ARCHITECTURE.md, "Layers"). Run by
 * `npm test` so an upward import breaks the build. Test files and src/testing may import anything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ALLOWED: Record<string, string[]> = {
  primitives: [],
  errors: ['primitives'],
  config: ['primitives', 'errors'],
  events: ['primitives'],
  storage: ['primitives', 'errors', 'config'],
  chain: ['primitives', 'errors', 'config', 'events', 'storage'],
  execution: ['primitives', 'errors', 'config', 'events', 'storage', 'chain'],
  txpool: ['primitives', 'errors', 'config', 'events', 'storage', 'chain', 'execution'],
  sequencer: ['primitives', 'errors', 'config', 'events', 'storage', 'chain', 'execution', 'txpool'],
  services: ['primitives', 'errors', 'config', 'events', 'storage', 'chain', 'execution', 'txpool', 'sequencer'],
  rpc: ['primitives', 'errors', 'config', 'events', 'storage', 'chain', 'execution', 'txpool', 'sequencer', 'services'],
  node: ['primitives', 'errors', 'config', 'events', 'storage', 'chain', 'execution', 'txpool', 'sequencer', 'services', 'rpc'],
  cli: ['primitives', 'errors', 'config', 'rpc', 'node'],
};

const root = new URL('../src/', import.meta.url).pathname;
const violations: string[] = [];

function walk(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
  });
}

for (const file of walk(root)) {
  const path = relative(root, file);
  const layer = path.split('/')[0]!;
  if (layer === 'testing' || path.endsWith('.test.ts')) continue;
  const allowed = ALLOWED[layer];
  if (!allowed) {
    violations.push(`${path}: folder "${layer}" is not a known layer`);
    continue;
  }
  for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
    const target = relative(root, join(file, '..', match[1]!)).split('/')[0]!;
    if (target === layer || target.startsWith('..')) continue;
    if (target === 'testing') violations.push(`${path}: product code imports src/testing (${match[1]})`);
    else if (!allowed.includes(target)) violations.push(`${path}: ${layer}/ may not import ${target}/ (${match[1]})`);
  }
}

if (violations.length > 0) {
  console.error(`Layer rule broken (imports must point down the layers):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log('layers: every import points down');
