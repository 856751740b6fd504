#!/usr/bin/env node
/**
 * A `solc` executable over the npm `solc` package (solc-js, the same compiler built to
 * WebAssembly), for Foundry and Hardhat, which normally download a native solc and cannot here.
 * It answers the two calls they make:
 *
 *   solc --version                     → "Version: 0.8.37+commit.….Emscripten.clang" (parsed by both)
 *   solc --standard-json [options] < input.json → the standard JSON output on stdout, exit 0
 *                                        (compile errors are part of the output, as with native solc)
 *
 * Options: --base-path, --include-path (repeatable) and --allow-paths say where imports that are
 * not in the input's sources may be read from; --pretty-json and --no-import-callback are accepted.
 * Anything else is refused with exit code 1, so a tool that needs more fails loudly.
 * Plain CommonJS with a shebang (the repo is "type": "module"), run by whatever `node` is on PATH.
 */
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const solc = require('solc');

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const options = { standardJson: false, version: false, pretty: false, importCallback: true, roots: [], allowed: [] };
const args = process.argv.slice(2);
for (let index = 0; index < args.length; index++) {
  const arg = args[index];
  const [name, inlineValue] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
  const value = () => inlineValue ?? args[++index] ?? fail(`solc: ${name} needs a value`);
  if (name === '--version' || name === '-v') options.version = true;
  else if (name === '--standard-json') options.standardJson = true;
  else if (name === '--pretty-json') options.pretty = true;
  else if (name === '--no-import-callback') options.importCallback = false;
  else if (name === '--base-path' || name === '--include-path') options.roots.push(value());
  else if (name === '--allow-paths') options.allowed.push(...value().split(','));
  else fail(`solc (solc-js wrapper): unsupported argument "${arg}"; only --version and --standard-json are implemented`);
}

if (options.version) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}
if (!options.standardJson) fail('solc (solc-js wrapper): use --version or --standard-json');

/** Reads an import that the input's sources do not contain, from a root or as a path of its own. */
function findImport(importPath) {
  const candidates = [...options.roots.map((root) => path.resolve(root, importPath)), path.resolve(importPath)];
  const allowedRoots = [...options.roots, ...options.allowed].map((root) => path.resolve(root));
  for (const candidate of candidates) {
    const allowed = allowedRoots.length === 0 || allowedRoots.some((root) => candidate === root || candidate.startsWith(root + path.sep));
    if (allowed && existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') };
  }
  return { error: `File not found: ${importPath}` };
}

const input = readFileSync(0, 'utf8');
const output = solc.compile(input, options.importCallback ? { import: findImport } : {});
process.stdout.write(options.pretty ? JSON.stringify(JSON.parse(output), null, 2) : output);
process.stdout.write('\n');
