/**
 * Fork mode's dev controls: where the fork reads from (anvil_setRpcUrl), re-forking
 * (anvil_reset on a fork) and what it forked (anvil_nodeInfo's `forkConfig`, anvil_metadata's
 * `forkedNetwork`). On a node that is not a fork, setting the URL does nothing (as on Anvil) and
 * there is no fork to describe or re-fork.
 */
import { forkUrlProblem } from '../../config/forkSettings.js';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { ForkPoint, ForkSource } from '../../execution/fork/ForkSource.js';
import { type ForkAccessSettings, fetchForkAnchor, openForkPoint } from '../../execution/fork/openForkPoint.js';
import type { Hex } from '../../primitives/hex.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';

/** What a fork forked, in Anvil's `forkConfig` shape; the URL is redacted (it may hold a key). */
export interface ForkInfo {
  forkUrl: string;
  forkBlockNumber: number;
  /** The first retry's backoff in ms (then doubling). */
  forkRetryBackoff: number;
}

/** The fork anvil_metadata reports, in Anvil's `forkedNetwork` shape. */
export interface ForkedNetwork {
  chainId: number;
  forkBlockNumber: number;
  forkBlockHash: Hex;
}

/** anvil_reset's `forking`: the remote (default: the current one) and block (default: the remote's latest). */
export interface ForkTarget {
  jsonRpcUrl?: string;
  blockNumber?: bigint;
}

/** What a fork node's controls work on. */
export interface ForkControlParts {
  source: ForkSource;
  /** How the fork reads its remote (the start's --fork-* settings), which a re-fork keeps. */
  settings: ForkAccessSettings;
  /** The chain id the node serves: a re-fork must keep it (the node's rules and signatures are built on it). */
  chainId: bigint;
  sequencer: Pick<Sequencer, 'refork'>;
  /** The dev accounts and the balance a new fork funds them with, as at start. */
  allocations: Array<{ address: string; balance: bigint }>;
}

export class ForkControl {
  constructor(private readonly fork: ForkControlParts | undefined) {}

  /** True on a fork. */
  get isFork(): boolean {
    return this.fork !== undefined;
  }

  /** Reads from `url` from now on; what was fetched stays cached (it is keyed by the fork block, not the URL). */
  setRpcUrl(url: string): void {
    const problem = forkUrlProblem(url);
    if (problem !== undefined) throw new InvalidArgumentError(problem.replace('--fork-url', 'the URL'), 0);
    this.fork?.source.setUrl(url);
  }

  /**
   * anvil_reset on a fork: starts the chain again on the remote block `target` names (its
   * `jsonRpcUrl`, default the current remote; its `blockNumber`, default the remote's latest), or,
   * without a target, on the block and remote the node started with (as Hardhat resets to its
   * configured fork). The new fork block is fetched before anything changes, so an unreachable
   * remote or a missing block fails with the chain untouched. The pool is emptied; snapshots are
   * the caller's (SnapshotControl forgets them).
   */
  async reset(target: ForkTarget | undefined): Promise<void> {
    const fork = this.fork;
    if (!fork) throw new InvalidArgumentError('Forking not enabled');
    const current = fork.source.current;
    const url = target ? (target.jsonRpcUrl ?? current.url) : fork.source.start.url;
    const number = target ? target.blockNumber : fork.source.start.number;
    const problem = forkUrlProblem(url);
    if (problem !== undefined) throw new InvalidArgumentError(problem.replace('--fork-url', 'jsonRpcUrl'), 0);
    // The same remote and block: the fork beneath stays (its reads and cache too); only the chain on it starts again.
    const same = url === current.url && number === current.number;
    const next = same ? current : await this.open(fork, url, number);
    try {
      await fork.sequencer.refork(fork.source, next, fork.allocations);
    } catch (error) {
      if (!same) await next.remote.close();
      throw error;
    }
    if (!same) await current.remote.close();
  }

  info(): ForkInfo | undefined {
    if (!this.fork) return undefined;
    const { remote, number } = this.fork.source.current;
    return { forkUrl: remote.remote, forkBlockNumber: Number(number), forkRetryBackoff: 100 };
  }

  network(): ForkedNetwork | undefined {
    if (!this.fork) return undefined;
    const { anchor, number } = this.fork.source.current;
    return { chainId: Number(anchor.chainId), forkBlockNumber: Number(number), forkBlockHash: anchor.hash };
  }

  private async open(fork: ForkControlParts, url: string, number: bigint | undefined): Promise<ForkPoint> {
    const { anchor, block } = await fetchForkAnchor(url, number, fork.settings);
    if (BigInt(anchor.chainId) !== fork.chainId) {
      throw new InvalidArgumentError(
        `the remote serves chain id ${anchor.chainId}, this node ${fork.chainId}: a fork keeps its chain id (start another node to fork another chain)`,
        0,
      );
    }
    return openForkPoint(url, anchor, fork.settings, block);
  }
}
