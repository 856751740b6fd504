import type { ExecutionVm } from './createExecutionVm.js';

/**
 * Reusable VMs for read-only executions (eth_call, eth_estimateGas). Creating a VM costs
 * milliseconds; resetting one's flat state is free. Each execution borrows a VM exclusively,
 * so concurrent requests never share state.
 */
export class VmPool {
  private readonly idle: ExecutionVm[] = [];

  constructor(private readonly create: () => Promise<ExecutionVm>) {}

  async use<T>(work: (execution: ExecutionVm) => Promise<T>): Promise<T> {
    const execution = this.idle.pop() ?? (await this.create());
    try {
      return await work(execution);
    } finally {
      this.idle.push(execution);
    }
  }
}
