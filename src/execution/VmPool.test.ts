import { describe, expect, it } from 'vitest';
import type { ExecutionVm } from './createExecutionVm.js';
import { VmPool } from './VmPool.js';

describe('VmPool', () => {
  it('never creates more VMs than its size, and serves every waiting caller', async () => {
    let created = 0;
    const pool = new VmPool(async () => {
      created++;
      return { id: created } as unknown as ExecutionVm;
    }, 2);
    let running = 0;
    let mostRunning = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        pool.use(async () => {
          running++;
          mostRunning = Math.max(mostRunning, running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          return index;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(created).toBe(2);
    expect(mostRunning).toBe(2);
  });

  it('gives a VM back when the work throws', async () => {
    const pool = new VmPool(async () => ({}) as ExecutionVm, 1);
    await expect(pool.use(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.use(async () => 'next')).resolves.toBe('next');
  });

  it('drops a VM whose work failed as discardIf says, and hands a fresh one to the next caller, waiting or not', async () => {
    let created = 0;
    const pool = new VmPool(async () => ({ id: ++created }) as unknown as ExecutionVm, 1);
    const idOf = (execution: ExecutionVm) => (execution as unknown as { id: number }).id;
    const aborted = (error: unknown) => error instanceof Error && error.message === 'aborted';
    let abort: (() => void) | undefined;
    const first = pool.use(
      (execution) =>
        new Promise<number>((_, reject) => {
          expect(idOf(execution)).toBe(1);
          abort = () => reject(new Error('aborted'));
        }),
      aborted,
    );
    const waiting = pool.use(async (execution) => idOf(execution));
    while (!abort) await new Promise((resolve) => setImmediate(resolve));
    abort();
    await expect(first).rejects.toThrow('aborted');
    expect(await waiting).toBe(2);
    // Other failures give the VM back.
    await expect(pool.use(async () => Promise.reject(new Error('boom')), aborted)).rejects.toThrow('boom');
    expect(await pool.use(async (execution) => idOf(execution))).toBe(2);
    expect(created).toBe(2);
  });
});
