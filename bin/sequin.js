#!/usr/bin/env node
// Entry point for `npx sequin` / `npm start`. Runs the single-file bundle of the CLI (built by
// `npm ci` via `prepare`, scripts/build-bundle.ts): loading one file instead of hundreds of modules
// halves start-up. The bundle is CommonJS so that it can be compiled with V8's code cache, which
// Node 20 keeps for no ES module: `sequin.cache` beside it saves most of the compiling at each
// start. A cache V8 refuses (another Node version) or none at all is written anew once the command
// has started; a failed write (a read-only install) only costs the next start that time again.
import { createRequire } from 'node:module';

// Node's own modules come through require: each one imported as an ES module costs a facade.
const bundleUrl = new URL('../dist/bundle/sequin.cjs', import.meta.url);
const require = createRequire(bundleUrl);

const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const vm = require('node:vm');

// The main thread's old generation may grow to 2x what a full GC leaves (V8's default lets it reach
// up to 4x with Node's ~4 GiB heap limit). Calls and estimates run on this thread (as in
// `hardhat node`), and under a run of them the default let the old generation reach ~130 MiB
// against ~50 MiB live, ~60 MiB more RSS, for ~4% of a distinct call's CPU (issue 28; figures in
// docs/benchmarks.md). Read by V8 each time it sets the next GC's limit, so setting it here works.
// `node --heap-growing-percent=N bin/sequin.js` (or NODE_OPTIONS) still chooses another bound.
const userChoseGrowth = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) => flag.startsWith('--heap-growing-percent'));
if (!userChoseGrowth) require('node:v8').setFlagsFromString('--heap-growing-percent=100');

const bundle = require('node:url').fileURLToPath(bundleUrl);
const cacheFile = bundle.replace(/\.cjs$/, '.cache');

// Keccak's WebAssembly compiles asynchronously and CommonJS has no top-level await: the bundle's
// keccak.ts takes this hasher (hash-wasm's Keccak alone) instead of awaiting its own.
globalThis[Symbol.for('sequin.keccakHasher')] = await require('hash-wasm/dist/keccak.umd.min.js').createKeccak(256);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// Read as Latin-1: the build makes the bundle ASCII-only, so this is the same text, without the
// UTF-8 decoding of ~3.5 MB that took longer than the read (issue 13).
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`, {
  filename: bundle,
  cachedData,
});
// Whether to write the cache is decided now, and the buffer let go: kept by writeCache's scope, it
// stayed on the heap for the node's whole life (1.8 MB; issue 13).
const writeCacheOnStart = cachedData === undefined;
cachedData = undefined;
const bundleModule = { exports: {} };
script.runInThisContext()(bundleModule.exports, require, bundleModule, bundle, dirname(bundle));
const { main } = bundleModule.exports;

main(process.argv.slice(2)).then(
  () => {
    if (writeCacheOnStart || script.cachedDataRejected) writeCache();
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

/** Writes the code V8 has compiled so far (the start-up's), through a temporary file so no reader sees half of it. */
function writeCache() {
  try {
    const temporary = `${cacheFile}.${process.pid}`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only install: the next start compiles again.
  }
}
