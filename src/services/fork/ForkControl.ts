/**
 * Fork mode's dev controls: where the fork reads from (anvil_setRpcUrl) and what it forked
 * (for anvil_nodeInfo's `forkConfig`). On a node that is not a fork, setting the URL does nothing
 * (as on Anvil) and there is no fork to describe.
 */
import { forkUrlProblem } from '../../config/forkSettings.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { SyncRemote } from '../../execution/fork/SyncRemote.js';

/** What a fork forked, in Anvil's `forkConfig` shape; the URL is redacted (it may hold a key). */
export interface ForkInfo {
  forkUrl: string;
  forkBlockNumber: number;
  /** The first retry's backoff in ms (then doubling). */
  forkRetryBackoff: number;
}

export class ForkControl {
  constructor(private readonly fork: { remote: SyncRemote; number: bigint } | undefined) {}

  /** Reads from `url` from now on; what was fetched stays cached (it is keyed by the fork block, not the URL). */
  setRpcUrl(url: string): void {
    const problem = forkUrlProblem(url);
    if (problem !== undefined) throw new InvalidArgumentError(problem.replace('--fork-url', 'the URL'), 0);
    this.fork?.remote.setUrl(url);
  }

  info(): ForkInfo | undefined {
    if (!this.fork) return undefined;
    return { forkUrl: this.fork.remote.remote, forkBlockNumber: Number(this.fork.number), forkRetryBackoff: 100 };
  }
}
