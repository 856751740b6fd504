import type { ExecutionVm } from './createExecutionVm.js';

/** How many VMs read-only executions may use at once; more callers wait their turn. */
export const DEFAULT_VM_POOL_SIZE = 4;

/**
 * Reusable VMs for read-only executions (eth_call, eth_estimateGas). Creating a VM costs
 * milliseconds; resetting one's flat state is free. Each execution borrows a VM exclusively,
 * so concurrent requests never share state, and at most `size` VMs ever exist, so a batch of
 * a thousand calls queues instead of building a thousand VMs.
 */
export class VmPool {
  private readonly idle: ExecutionVm[] = [];
  private readonly waiting: Array<(execution: ExecutionVm) => void> = [];
  private created = 0;

  constructor(
    private readonly create: () => Promise<ExecutionVm>,
    private readonly size: number = DEFAULT_VM_POOL_SIZE,
  ) {}

  async use<T>(work: (execution: ExecutionVm) => Promise<T>): Promise<T> {
    const execution = await this.acquire();
    try {
      return await work(execution);
    } finally {
      this.release(execution);
    }
  }

  private async acquire(): Promise<ExecutionVm> {
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.created < this.size) {
      this.created++;
      try {
        return await this.create();
      } catch (error) {
        this.created--;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(execution: ExecutionVm): void {
    const next = this.waiting.shift();
    if (next) next(execution);
    else this.idle.push(execution);
  }
}
