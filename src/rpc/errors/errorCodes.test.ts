import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, errorCodeEntry } from './errorCodes.js';

const SOURCE = new URL('../../', import.meta.url).pathname;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Where product code writes an error code as a number: any -32xxx literal (code or doc comment),
 * a `code: N` field (not prose such as "code: 21,000"), a `…_CODE = N` constant (not WebSocket
 * close codes), and the first argument of `new …RpcError(N, …)`.
 */
const CODE_PATTERNS = [/(-32\d{3})\b/g, /\bcode:\s*(-?\d+)\b(?!,\d)/g, /(?<!CLOSE)_CODE\s*=\s*(-?\d+)\b/g, /new \w*RpcError\(\s*(-?\d+)\b/g];

describe('the catalog of JSON-RPC error codes', () => {
  const entries = Object.values(ErrorCodes);

  it('gives every code once, with what it means', () => {
    const codes = entries.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of entries) expect(entry.meaning.length, String(entry.code)).toBeGreaterThan(10);
  });

  it('finds each code by its number, and no other', () => {
    for (const entry of entries) expect(errorCodeEntry(entry.code)).toBe(entry);
    expect(errorCodeEntry(-32001)).toBeUndefined();
    expect(errorCodeEntry(0)).toBeUndefined();
  });

  it('holds every code the source writes as a number (outside the catalog itself)', () => {
    const uncatalogued: string[] = [];
    let found = 0;
    for (const file of sourceFiles(SOURCE)) {
      const path = relative(SOURCE, file);
      if (path === 'rpc/errors/errorCodes.ts') continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of CODE_PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          found++;
          if (!errorCodeEntry(Number(match[1]))) uncatalogued.push(`${path}: ${match[0]}`);
        }
      }
    }
    expect(found, 'the scan sees the codes the source mentions').toBeGreaterThan(20);
    expect(uncatalogued).toEqual([]);
  });
});
