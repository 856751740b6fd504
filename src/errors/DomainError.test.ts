// Every domain error class is a member of the DomainError union, so the RPC edge's table (keyed
// by the union's kinds) has a row for it.

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('./', import.meta.url);

describe('DomainError', () => {
  it('lists every class that extends SequinError', () => {
    const union = readFileSync(new URL('DomainError.ts', folder), 'utf8');
    const subclasses = readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) => [...readFileSync(new URL(name, folder), 'utf8').matchAll(/export class (\w+) extends SequinError/g)].map((match) => match[1]!));
    expect(subclasses.length).toBeGreaterThan(10);
    const missing = subclasses.filter((name) => !new RegExp(`\\|\\s*${name}\\b`).test(union));
    expect(missing).toEqual([]);
  });
});
