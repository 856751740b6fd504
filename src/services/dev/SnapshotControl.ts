import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js';
import type { ChainPoint } from '../../sequencer/ChainPoint.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { Sequencer } from '../../sequencer/Sequencer.js';
import type { ForkTarget } from '../fork/ForkControl.js';

/**
 * evm_snapshot / evm_revert, anvil_rollback and anvil_reset (without forking), as Anvil serves
 * them. A snapshot is a place in the chain (the latest block, and the open block's pre-confirmed
 * sub-blocks if any); reverting rewinds chain, state and pool view to it durably (a restart
 * after a revert finds the reverted chain) and consumes it and every later snapshot. Ids count
 * from 0 and are never reused. Snapshots themselves live in memory: a restart forgets them.
 */
export class SnapshotControl {
  private readonly snapshots = new Map<bigint, ChainPoint>();
  private nextId = 0n;

  constructor(
    private readonly sequencer: Pick<Sequencer, 'point' | 'rewind'>,
    private readonly views: ViewSource,
    /** Fork mode: the re-fork anvil_reset does on a fork (services/fork/ForkControl.ts). */
    private readonly fork?: { readonly isFork: boolean; reset(target: ForkTarget | undefined): Promise<void> },
  ) {}

  /** evm_snapshot: the id of a snapshot of the chain as it stands now. */
  async snapshot(): Promise<bigint> {
    const point = await this.sequencer.point();
    const id = this.nextId++;
    this.snapshots.set(id, point);
    return id;
  }

  /**
   * evm_revert: rewinds to snapshot `id`; false for an unknown (or consumed) id, or one whose
   * block a rollback has since removed. The snapshot and every later one are consumed either way.
   */
  async revert(id: bigint): Promise<boolean> {
    const point = this.snapshots.get(id);
    if (!point) return false;
    // A refused rewind (a fleet's node) changes nothing, so the snapshots stay.
    const rewound = await this.sequencer.rewind(point);
    for (const later of [...this.snapshots.keys()]) if (later >= id) this.snapshots.delete(later);
    return rewound;
  }

  /** anvil_rollback: removes the latest `depth` blocks (default 1) and the open block. */
  async rollback(depth: bigint | undefined): Promise<void> {
    const steps = depth ?? 1n;
    const view = this.views.current();
    const height = BigInt(view.headNumber);
    if (steps > height) throw new InvalidArgumentError(`Rollback depth must not exceed current chain height: current height ${height}, depth ${steps}`);
    await this.sequencer.rewind({ head: view.block(Number(height - steps))! });
  }

  /**
   * anvil_reset: back to the genesis block of this chain (same config, same genesis), the pool
   * emptied, snapshots and time and block settings forgotten. The mining mode stays. On a fork,
   * back to the fork block the node started on, or with `forking` onto another remote block
   * (ForkControl.reset). Resetting onto a fork needs fork mode: "Forking not enabled", as Anvil says.
   */
  async reset(forking: ForkTarget | undefined): Promise<void> {
    if (this.fork?.isFork) {
      await this.fork.reset(forking);
      this.snapshots.clear();
      return;
    }
    if (forking !== undefined) throw new InvalidArgumentError('Forking not enabled');
    this.snapshots.clear();
    await this.sequencer.rewind({ head: this.views.current().block(0)! }, { reset: true, clearPool: true });
  }
}
