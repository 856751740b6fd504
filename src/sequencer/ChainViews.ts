import type { ChainView } from './ChainView.js';

/**
 * Holds the current {@link ChainView}. The sequencer publishes a new one when a sub-block is
 * durable and when a block is sealed; readers take `current()` once per read. Swapping one
 * reference is the atomic step: no read can see half of a sub-block or of a seal.
 */
export class ChainViews {
  constructor(private view: ChainView) {}

  current(): ChainView {
    return this.view;
  }

  /** Replaces the current view; only the sequencer calls this. */
  publish(view: ChainView): void {
    this.view = view;
  }
}

/** What readers hold: the current view, and nothing that could replace it. */
export type ViewSource = Pick<ChainViews, 'current'>;
