/**
 * The Common of a chain that knows its fork schedule: `at(block)` is the Common of the rules a block runs
 * under, so code that executes, decodes or builds a block asks the chain's Common for that block's rules
 * instead of assuming one fork for every block.
 *
 *   ScheduledCommon (the chain's; its own hardfork is the latest scheduled fork)
 *     ├─ at({ number, timestamp, difficulty? }) ──forkAt──▶ the fork's Common (one per fork, cached)
 *     └─ ofFork(name)                                   ──▶ the same, by name
 *
 * The per-fork Commons are shared: never call `setHardfork` on one (ethereumjs copies a Common wherever it
 * keeps one, so handing them to blocks, transactions and VMs is safe).
 */
import type { Common, CommonOpts } from '@ethereumjs/common';
import type { ForkName } from './ChainSpec.js';
import type { BlockPosition } from './forkAt.js';
import type { OpStackChain } from './opStack/OpStackChain.js';
import { ParamsOnceCommon } from './ParamsOnceCommon.js';

/** Which fork a block runs under, the last fork the chain schedules, and the chain's deposit contract. */
export interface ForkSchedule {
  forkAt(position: BlockPosition): ForkName;
  /** The last scheduled fork: what a VM is built for (its precompiles are set up at construction). */
  readonly latest: ForkName;
  /** EIP-6110's deposit contract, whose logs are deposit requests from Prague; none when undefined. */
  readonly depositContract?: Uint8Array;
  /** An OP Stack chain (`--network`): its OP forks, EIP-1559 parameters and system config; undefined on Ethereum. */
  readonly opStack?: OpStackChain;
}

/** A Common with its chain's fork schedule; see the module comment. */
export class ScheduledCommon extends ParamsOnceCommon {
  private schedule!: ForkSchedule;
  /** Shared by every copy: the Common of each fork, set to that fork once. */
  private forkCommons!: Map<ForkName, Common>;

  /** Builds the chain's Common, set to the schedule's latest fork. */
  static create(options: CommonOpts, schedule: ForkSchedule): ScheduledCommon {
    const common = new ScheduledCommon({ ...options, hardfork: options.hardfork ?? schedule.latest });
    common.schedule = schedule;
    common.forkCommons = new Map();
    return common;
  }

  /** The fork a block at `position` runs under. */
  forkAt(position: BlockPosition): ForkName {
    return this.schedule.forkAt(position);
  }

  /** EIP-6110's deposit contract of the chain, if it has one. */
  get depositContract(): Uint8Array | undefined {
    return this.schedule.depositContract;
  }

  /** The OP Stack chain this is, or undefined for an Ethereum chain (every copy and per-fork Common shares it). */
  get opStack(): OpStackChain | undefined {
    return this.schedule.opStack;
  }

  /** The last fork the chain schedules. */
  get latestFork(): ForkName {
    return this.schedule.latest;
  }

  /** The Common of the rules a block at `position` runs under. */
  at(position: BlockPosition): Common {
    return this.ofFork(this.forkAt(position));
  }

  /** The Common of fork `fork` of this chain. */
  ofFork(fork: ForkName): Common {
    let common = this.forkCommons.get(fork);
    if (common === undefined) {
      common = this.copy();
      common.setHardfork(fork);
      this.forkCommons.set(fork, common);
    }
    return common;
  }
}

/**
 * The Common of the rules a block at `position` runs under: the chain's own schedule when `common` is a
 * {@link ScheduledCommon}; any other Common runs every block under its own hardfork.
 */
export function commonAt(common: Common, position: BlockPosition): Common {
  return common instanceof ScheduledCommon ? common.at(position) : common;
}

/** The OP Stack chain `common` belongs to (any of its per-fork Commons or copies), or undefined on Ethereum. */
export function opStackOf(common: Common): OpStackChain | undefined {
  return common instanceof ScheduledCommon ? common.opStack : undefined;
}
