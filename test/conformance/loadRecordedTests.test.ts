import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Json } from './compareResponses.js';
import { createResultValidators, type OpenRpcDocument } from './createResultValidators.js';
import { compareBytewise, EXECUTION_APIS_DIR, loadRecordedTests } from './loadRecordedTests.js';

describe('loadRecordedTests (the vendored execution-apis fixtures)', () => {
  const tests = loadRecordedTests();

  it('reads every .io file, each a sequence of request/response pairs', () => {
    expect(tests).toHaveLength(232);
    expect(new Set(tests.map((test) => test.method)).size).toBe(41);
    for (const test of tests) {
      expect(test.messages.length, test.name).toBeGreaterThanOrEqual(2);
      expect(test.messages[0]!.direction, test.name).toBe('request');
      expect(test.messages.at(-1)!.direction, test.name).toBe('response');
    }
  });

  it('orders them as Go filepath.Walk does (folders first by name, then files by name)', () => {
    const names = tests.map((test) => test.name);
    expect(names.slice(0, 2)).toEqual(['debug_getRawBlock/get-block-n', 'debug_getRawBlock/get-genesis']);
    expect(names.at(-1)).toMatch(/^txpool_status\//);
    // Per folder, bytewise: upper case before lower case, '-' before letters.
    expect(compareBytewise('eth_getBlockByNumber', 'eth_getBlockByHash')).toBeGreaterThan(0);
    expect(compareBytewise('Z', 'a')).toBeLessThan(0);
    const byFolder = names.map((name) => name.split('/'));
    for (let index = 1; index < byFolder.length; index++) {
      const [folderA, fileA] = byFolder[index - 1]!;
      const [folderB, fileB] = byFolder[index]!;
      const order = folderA === folderB ? compareBytewise(`${fileA}.io`, `${fileB}.io`) : compareBytewise(folderA!, folderB!);
      expect(order, `${names[index - 1]} before ${names[index]}`).toBeLessThan(0);
    }
  });

  it('has a result schema in openrpc.json for every speconly test', () => {
    const document = JSON.parse(readFileSync(join(EXECUTION_APIS_DIR, 'openrpc.json'), 'utf8')) as OpenRpcDocument;
    const validators = createResultValidators(document);
    const speconly = tests.filter((test) => test.speconly);
    expect(speconly.length).toBe(22);
    for (const test of speconly) {
      const method = (JSON.parse(test.messages[0]!.json) as { method: string }).method;
      expect(validators.has(method), method).toBe(true);
      // A recorded successful answer is one valid example.
      const recorded = JSON.parse(test.messages[1]!.json) as { result?: Json };
      if ('result' in recorded) expect(validators.get(method)!(recorded.result!), test.name).toEqual([]);
    }
  });
});
