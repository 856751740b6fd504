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

  /**
   * Lends a VM to `work`. A VM whose work failed with an error `discardIf` accepts is dropped
   * instead of returned (an execution aborted mid-transaction may leave state in its EVM), and
   * a fresh one is made when next needed.
   */
  async use<T>(work: (execution: ExecutionVm) => Promise<T>, discardIf?: (error: unknown) => boolean): Promise<T> {
    const execution = await this.acquire();
    let discard = false;
    try {
      return await work(execution);
    } catch (error) {
      discard = discardIf?.(error) ?? false;
      throw error;
    } finally {
      if (discard) this.discard();
      else this.release(execution);
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

  /** Forgets a VM that is not coming back; a caller waiting for one gets a fresh one. */
  private discard(): void {
    this.created--;
    const next = this.waiting.shift();
    if (next) this.acquire().then(next, () => this.waiting.unshift(next));
  }

  private release(execution: ExecutionVm): void {
    const next = this.waiting.shift();
    if (next) next(execution);
    else this.idle.push(execution);
  }
}
