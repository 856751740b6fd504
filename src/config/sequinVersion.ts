import { readFileSync } from 'node:fs';

let cached: string | undefined;

/**
 * Sequin's version, from package.json. Resolved relative to the running file, which is two
 * folders below the package root both as compiled (dist/<layer>/) and bundled (dist/bundle/).
 */
export function sequinVersion(): string {
  if (cached) return cached;
  try {
    cached = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    cached = '0.0.0';
  }
  return cached;
}
