/**
 * `npm run build:bundle`: bundles what runs as a process or a thread into dist/bundle/ with esbuild
 * (`lmdb` and `secp256k1` stay external for their native parts):
 *
 * - `sequin.cjs`, the CLI, as one CommonJS file, which bin/sequin.js compiles with V8's code cache
 *   (`sequin.cache`, written here by running `sequin --version` once). Node 20 keeps no code cache
 *   for ES modules, and compiling the bundle's ~3 MB was a fifth of the start-up (issue 13).
 *   CommonJS has no top-level await, so Keccak's hasher (whose WebAssembly compiles asynchronously)
 *   comes ready from the loader instead of from `await createKeccak(256)`; `import.meta.url` is the
 *   bundle's own URL, so the paths found from it (package.json, dist/web, the workers) stay right.
 * - `callWorker.js` and `forkFetcher.js`, the worker threads' code, as ES modules (a worker starts
 *   when first needed, off the start-up path).
 *
 * Both take hash-wasm's ES module build, so that only Keccak's WebAssembly is bundled (its UMD
 * build holds every algorithm's). Both are made ASCII-only afterwards: esbuild escapes non-ASCII
 * characters in code but keeps them in the comments it leaves, and one such character makes V8
 * hold the whole source (which it keeps for compiling functions lazily) two bytes a character.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outdir = `${root}dist/bundle`;

/** The global bin/sequin.js puts the ready Keccak hasher in before it runs the CommonJS bundle. */
const KECCAK_GLOBAL = "globalThis[Symbol.for('sequin.keccakHasher')]";
const KECCAK_AWAIT = 'await createKeccak(256)';

/** keccak.ts without its top-level await: the hasher the loader made. Fails the build if keccak.ts no longer has it. */
const keccakFromLoader: Plugin = {
  name: 'keccak-from-loader',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]src[\\/]primitives[\\/]keccak\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(KECCAK_AWAIT)) throw new Error(`${args.path} no longer has "${KECCAK_AWAIT}": update scripts/build-bundle.ts`);
      return { contents: source.replace(KECCAK_AWAIT, KECCAK_GLOBAL), loader: 'ts' };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['lmdb', 'secp256k1'],
  alias: { 'hash-wasm': 'hash-wasm/dist/index.esm.js' },
  logLevel: 'warning',
  absWorkingDir: root,
} as const;

rmSync(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { sequin: 'src/cli/main.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  outdir,
  define: { 'import.meta.url': 'bundleUrl' },
  banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [keccakFromLoader],
});
await build({
  ...common,
  entryPoints: { callWorker: 'src/execution/callWorker/callWorker.ts', forkFetcher: 'src/execution/fork/forkFetcher.ts' },
  format: 'esm',
  outdir,
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
});
for (const name of readdirSync(outdir)) {
  const path = `${outdir}/${name}`;
  writeFileSync(path, asciiOnly(readFileSync(path, 'utf8')));
}
// The loader writes sequin.cache when it finds none; this run makes the first real start find one.
execFileSync(process.execPath, [`${root}bin/sequin.js`, '--version'], { stdio: 'ignore' });

/**
 * `text` with each non-ASCII UTF-16 unit written as a \\uXXXX escape: the same text in a comment,
 * the same character in a string, template, regular expression or identifier, as esbuild's own
 * escaping of code (the bundles hold no String.raw template with such a character).
 */
function asciiOnly(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
