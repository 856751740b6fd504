import type { ChainReader } from '../chain/ChainReader.js';
import type { StoredBlock } from '../chain/records.js';
import { CachedStateReader } from '../execution/CachedStateReader.js';
import { LayeredStateReader } from '../execution/LayeredStateReader.js';
import { PersistedStateReader } from '../execution/PersistedStateReader.js';
import type { StateReader } from '../execution/StateReader.js';
import type { Storage } from '../storage/Storage.js';
import { ChainView } from './ChainView.js';
import { ChainViews } from './ChainViews.js';
import type { OpenBlock } from './OpenBlock.js';

/**
 * Where the one writer stands: the latest sealed block and the state after it, the open block, and
 * the epoch (how many rewinds the chain has had: a position names the same contents only within
 * one epoch). Every job of the writer — producing and sealing, rewinds and re-forks, applying the
 * fleet's log — moves these fields, then publishes a view of them; nothing else changes them.
 */
export class ChainTip {
  readonly views: ChainViews;
  open: OpenBlock;
  head: StoredBlock;
  /** The state after {@link head}, shared by every view until the head moves. */
  latestState: StateReader;
  epoch = 0;

  constructor(
    private readonly storage: Storage,
    private readonly chain: ChainReader,
    open: OpenBlock,
  ) {
    this.open = open;
    this.head = chain.blockByNumber(open.number - 1)!;
    this.latestState = sealedState(storage, open.number - 1);
    this.views = new ChainViews(this.view());
  }

  /** Makes `block` the latest block (sealed, or rewound to), with its state as stored. */
  moveHead(block: StoredBlock): void {
    this.head = block;
    this.latestState = sealedState(this.storage, Number(block.number));
  }

  /** Publishes a view of the tip as it stands now (the atomic step every read sees) and returns it. */
  publish(): ChainView {
    const view = this.view();
    this.views.publish(view);
    return view;
  }

  private view(): ChainView {
    const open = this.open.view();
    const layers = open.changeLayers();
    const pendingState = layers.length === 0 ? this.latestState : new LayeredStateReader(this.latestState, layers);
    return new ChainView(this.head, open, this.latestState, pendingState, this.chain, this.epoch);
  }
}

/** The memoised state after sealed block `number` (immutable, so caching is safe). */
function sealedState(storage: Storage, number: number): StateReader {
  return new CachedStateReader(new PersistedStateReader(storage, number));
}
