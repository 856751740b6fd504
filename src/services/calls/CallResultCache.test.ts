import { describe, expect, it } from 'vitest';
import { ExecutionRevertedError } from '../../errors/ExecutionRevertedError.js';
import { ExecutionTimeoutError } from '../../errors/ExecutionTimeoutError.js';
import { CallResultCache, canonical } from './CallResultCache.js';

/** An execution that counts its runs and answers `answer` (or throws it). */
function counted(answer: () => unknown) {
  let runs = 0;
  return {
    get runs() {
      return runs;
    },
    execute: async () => {
      runs++;
      await Promise.resolve();
      return answer();
    },
  };
}

const request = (data: number) => ({ kind: 'call', request: { to: Uint8Array.from([1, 2]), data: Uint8Array.from([data]), gas: 100n } });

describe('CallResultCache', () => {
  it('runs an identical request on the same state once, concurrent ones included', async () => {
    const cache = new CallResultCache(16);
    const execution = counted(() => Uint8Array.from([7]));
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('0xblock', request(1), execution.execute)));
    expect(await cache.answer('0xblock', request(1), execution.execute)).toEqual(Uint8Array.from([7]));
    expect(answers).toEqual([Uint8Array.from([7]), Uint8Array.from([7]), Uint8Array.from([7])]);
    expect(execution.runs).toBe(1);
  });

  it('runs again for another request, another block, or another pending view', async () => {
    const cache = new CallResultCache(16);
    const execution = counted(() => 1n);
    const [firstView, secondView] = [{}, {}];
    for (const [state, job] of [
      ['0xblock', request(1)],
      ['0xblock', request(2)],
      ['0xother', request(1)],
      [firstView, request(1)],
      [secondView, request(1)],
      [firstView, request(1)],
    ] as const) {
      await cache.answer(state, job, execution.execute);
    }
    expect(execution.runs).toBe(5);
  });

  it('keeps a revert (an answer) but not a time-out (a failure to answer)', async () => {
    const cache = new CallResultCache(16);
    const revert = new ExecutionRevertedError({ returnData: new Uint8Array(0), operation: 'call' });
    const reverting = counted(() => {
      throw revert;
    });
    for (let index = 0; index < 2; index++) await expect(cache.answer('0xblock', request(1), reverting.execute)).rejects.toBe(revert);
    expect(reverting.runs).toBe(1);
    const timingOut = counted(() => {
      throw new ExecutionTimeoutError('call', 5000);
    });
    for (let index = 0; index < 2; index++) await expect(cache.answer('0xblock', request(2), timingOut.execute)).rejects.toBeInstanceOf(ExecutionTimeoutError);
    expect(timingOut.runs).toBe(2);
  });

  it('holds at most maxEntries answers, forgetting the least recently used', async () => {
    const cache = new CallResultCache(2);
    const execution = counted(() => 1n);
    await cache.answer('0xblock', request(1), execution.execute);
    await cache.answer('0xblock', request(2), execution.execute);
    await cache.answer('0xblock', request(1), execution.execute); // 1 is now the most recent
    await cache.answer('0xblock', request(3), execution.execute); // evicts 2
    expect(execution.runs).toBe(3);
    await cache.answer('0xblock', request(1), execution.execute);
    expect(execution.runs).toBe(3);
    await cache.answer('0xblock', request(2), execution.execute);
    expect(execution.runs).toBe(4);
  });

  it('keeps nothing with 0 entries', async () => {
    const cache = new CallResultCache(0);
    const execution = counted(() => 1n);
    for (let index = 0; index < 3; index++) await cache.answer('0xblock', request(1), execution.execute);
    expect(execution.runs).toBe(3);
  });
});

describe('canonical', () => {
  it('tells apart every field and value, whatever the key order', () => {
    expect(canonical({ a: 1n, b: Uint8Array.from([255]) })).toBe(canonical({ b: Uint8Array.from([255]), a: 1n }));
    expect(canonical({ a: 1n })).not.toBe(canonical({ a: 1 }));
    expect(canonical({ a: 1n, b: undefined })).toBe(canonical({ a: 1n }));
    expect(canonical({ overrides: { x: 1n } })).not.toBe(canonical({}));
    expect(canonical([Uint8Array.from([1]), null])).not.toBe(canonical([Uint8Array.from([1])]));
  });
});
