/**
 * `npm run build:bundle`: bundles what runs as a process or a thread into dist/bundle/ with esbuild
 * (native addons stay external: `secp256k1`, and in the CLI bundle only lmdb-js's and msgpackr's
 * `.node` files, see lmdbInBundle):
 *
 * - `sequin.cjs`, the CLI, as one CommonJS file, which bin/sequin.js compiles with V8's code cache
 *   (`sequin.cache`, written here by starting a node once). Node 20 keeps no code cache
 *   for ES modules, and compiling the bundle's ~3 MB was a fifth of the start-up (issue 13).
 *   CommonJS has no top-level await, so Keccak's hasher (whose WebAssembly compiles asynchronously)
 *   comes ready from the loader instead of from `await createKeccak(256)`; `import.meta.url` is the
 *   bundle's own URL, so the paths found from it (package.json, dist/web, the workers) stay right.
 * - `callWorker.js` and `forkFetcher.js`, the worker threads' code, as ES modules (a worker starts
 *   when first needed, off the start-up path).
 *
 * Two third-party modules are trimmed of start-up work in the bundles (each plugin below fails the
 * build when its text is gone): @ethereumjs/util's table of 65,536 BigInts and prom-client's eager
 * Pushgateway and cluster aggregator.
 *
 * Both take hash-wasm's ES module build, so that only Keccak's WebAssembly is bundled (its UMD
 * build holds every algorithm's). Both are made ASCII-only afterwards: esbuild escapes non-ASCII
 * characters in code but keeps them in the comments it leaves, and one such character makes V8
 * hold the whole source (which it keeps for compiling functions lazily) two bytes a character.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/** The eager loop of @ethereumjs/util's bytes.js that makes 65,536 BigInts at load, and its two readers. */
const BIGINT_CACHE_LOOP = 'for (let i = 0; i <= 256 * 256 - 1; i++) {\n    BIGINT_CACHE[i] = BigInt(i);\n}';
const BIGINT_CACHE_READS: Array<[string, string]> = [
  ['BIGINT_CACHE[bytes[0]]', 'BigInt(bytes[0])'],
  ['BIGINT_CACHE[bytes[0] * 256 + bytes[1]]', 'BigInt(bytes[0] * 256 + bytes[1])'],
];

/**
 * @ethereumjs/util's bytes.js without its table of the first 65,536 BigInts: filling it was a tenth
 * of the bundle's evaluation (and garbage the collector then walks), and `BigInt(n)` of a one- or
 * two-byte value is the same value. Fails the build if the file no longer has that table.
 */
const bigintsOnDemand: Plugin = {
  name: 'bigints-on-demand',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]@ethereumjs[\\/]util[\\/]dist[\\/]esm[\\/]bytes\.js$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      for (const [from, to] of [[BIGINT_CACHE_LOOP, ''], ...BIGINT_CACHE_READS]) {
        if (!source.includes(from)) throw new Error(`${args.path} no longer has "${from}": update scripts/build-bundle.ts`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * prom-client's index without the parts a node never uses at start: the Pushgateway (which loads
 * Node's https, tls and zlib) and the cluster aggregator (cluster, child_process, dgram) are
 * required when first read instead of when the bundle starts. Every name the index exports stays.
 */
const promClientParts: Plugin = {
  name: 'prom-client-parts',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^prom-client$/ }, () => ({ path: 'prom-client', namespace: 'prom-client-parts' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'prom-client-parts' }, () => {
      const index = readFileSync(`${root}node_modules/prom-client/index.js`, 'utf8');
      const lazy = ["exports.Pushgateway = require('./lib/pushgateway');", "exports.AggregatorRegistry = require('./lib/cluster');"];
      let contents = index;
      for (const line of lazy) {
        if (!contents.includes(line)) throw new Error(`prom-client's index no longer has "${line}": update scripts/build-bundle.ts`);
        const [, name, module] = /^exports\.(\w+) = require\('([^']+)'\);$/.exec(line)!;
        contents = contents.replace(line, `Object.defineProperty(exports, '${name}', { enumerable: true, get: () => require('${module}') });`);
      }
      return { contents, loader: 'js', resolveDir: `${root}node_modules/prom-client` };
    });
  },
};

/** What lmdb-js's CommonJS build finds its own directory from (its native addon, dictionary, require). */
const LMDB_OWN_FILE = "'file:' + __filename";

/**
 * lmdb-js's JavaScript (its CommonJS build, with msgpackr, msgpackr-extract, ordered-binary,
 * weak-lru-cache and their native loader) inside the CLI bundle, so that it is compiled from the
 * code cache too: loaded from node_modules it was compiled at every start (issue 13). Only the
 * native addons are loaded from node_modules, found from each package's own directory: the file
 * name lmdb-js and msgpackr-extract find it from is the package's, resolved at run time, not the
 * bundle's (hence esbuild's require.resolve warning is silenced).
 */
const lmdbInBundle: Plugin = {
  name: 'lmdb-in-bundle',
  setup(esbuild) {
    const lmdbIndex = `${root}node_modules/lmdb/dist/index.cjs`;
    esbuild.onResolve({ filter: /^lmdb$/ }, () => ({ path: lmdbIndex }));
    esbuild.onLoad({ filter: /[\\/]node_modules[\\/]lmdb[\\/]dist[\\/]index\.cjs$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(LMDB_OWN_FILE)) throw new Error(`${args.path} no longer has "${LMDB_OWN_FILE}": update scripts/build-bundle.ts`);
      return { contents: source.replaceAll(LMDB_OWN_FILE, "'file:' + require.resolve('lmdb')"), loader: 'js' };
    });
    esbuild.onLoad({ filter: /[\\/]node_modules[\\/]msgpackr-extract[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('(__dirname)')) throw new Error(`${args.path} no longer has "(__dirname)": update scripts/build-bundle.ts`);
      return { contents: source.replace('(__dirname)', "(require('node:path').dirname(require.resolve('msgpackr-extract')))"), loader: 'js' };
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
  external: ['secp256k1', 'bun:ffi'],
  logOverride: { 'require-resolve-not-external': 'silent' },
  plugins: [keccakFromLoader, bigintsOnDemand, promClientParts, lmdbInBundle],
});
await build({
  ...common,
  entryPoints: { callWorker: 'src/execution/callWorker/callWorker.ts', forkFetcher: 'src/execution/fork/forkFetcher.ts' },
  format: 'esm',
  outdir,
  plugins: [bigintsOnDemand, promClientParts],
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
});
for (const name of readdirSync(outdir)) {
  const path = `${outdir}/${name}`;
  writeFileSync(path, asciiOnly(readFileSync(path, 'utf8')));
}
// The loader writes sequin.cache when it finds none; this start makes the first real one find it.
await writeCodeCache();

/**
 * Starts a node once (a new data directory, a port the system picks) and stops it when it
 * listens: the loader then writes the code cache with everything compiled until then, the
 * start-up's functions too (with `--version`, only the bundle's evaluation: starts took ~8% longer,
 * issue 13). If no node can start here, a `--version` run writes the smaller cache.
 */
async function writeCodeCache(): Promise<void> {
  const cacheFile = `${outdir}/sequin.cache`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sequin-build-'));
  try {
    // Sequin's defaults, whatever SEQUIN_* settings the building shell has (a fork URL, NATS servers).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SEQUIN_')));
    const child = spawn(process.execPath, [`${root}bin/sequin.js`, '--data-dir', dataDir, '--port', '0', '--log-level', 'silent'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env,
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const started = await new Promise<boolean>((resolve) => {
      let output = '';
      const timer = setTimeout(() => resolve(false), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Listening on')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    // The loader writes the cache once the start has finished, just after the "Listening" line.
    for (let waited = 0; started && !existsSync(cacheFile) && waited < 5_000; waited += 20) await sleep(20);
    child.kill('SIGTERM');
    await exited;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!existsSync(cacheFile)) execFileSync(process.execPath, [`${root}bin/sequin.js`, '--version'], { stdio: 'ignore' });
}

/**
 * `text` with each non-ASCII UTF-16 unit written as a \\uXXXX escape: the same text in a comment,
 * the same character in a string, template, regular expression or identifier, as esbuild's own
 * escaping of code (the bundles hold no String.raw template with such a character).
 */
function asciiOnly(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
