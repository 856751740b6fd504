/**
 * The browser bundles the node serves (`npm run build` writes them to dist/web/): the wallet,
 * the page's script and style, and their source maps. Read once on first request, then kept
 * in memory (about 200 KB in all).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A file to serve: its bytes and media type. */
export interface WebAsset {
  body: Buffer;
  contentType: string;
}

/** URL path → file in dist/web and its media type. */
const ASSETS: Record<string, [file: string, contentType: string]> = {
  '/wallet.js': ['wallet.js', 'text/javascript; charset=utf-8'],
  '/wallet.js.map': ['wallet.js.map', 'application/json'],
  '/page.js': ['page.js', 'text/javascript; charset=utf-8'],
  '/page.js.map': ['page.js.map', 'application/json'],
  '/page.css': ['page.css', 'text/css; charset=utf-8'],
};

/**
 * Where dist/web is, seen from this module: dist/bundle/ (the CLI bundle), dist/node/web/
 * (tsc output) or src/node/web/ (tests running the sources).
 */
const CANDIDATE_DIRECTORIES = ['../web/', '../../web/', '../../../dist/web/'].map((relative) => fileURLToPath(new URL(relative, import.meta.url)));

const cache = new Map<string, WebAsset | null>();

/** True when `path` names one of the served bundles. */
export function isWebAssetPath(path: string): boolean {
  return Object.hasOwn(ASSETS, path);
}

/** The asset at URL `path`, or null when the bundles were not built. */
export function webAsset(path: string): WebAsset | null {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;
  const entry = ASSETS[path];
  if (!entry) return null;
  const directory = CANDIDATE_DIRECTORIES.find((candidate) => existsSync(`${candidate}wallet.js`));
  const asset = directory && existsSync(directory + entry[0]) ? { body: readFileSync(directory + entry[0]), contentType: entry[1] } : null;
  if (asset) cache.set(path, asset); // a missing file is looked for again: a build may be running
  return asset;
}
