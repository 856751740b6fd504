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
});
