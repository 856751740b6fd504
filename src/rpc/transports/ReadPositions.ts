import type { ChainPosition } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { RequestContext } from '../server/RequestContext.js';

/** The HTTP header that carries a read position: in every answer, and in a request that wants at least that state. */
export const POSITION_HEADER = 'Sequin-Position';

/**
 * Read positions over HTTP: every answer carries the (block, sub-block) position of the newest
 * state it may have been read from, as `BLOCK.SUBBLOCKS` (the open block's number and how many of
 * its sub-blocks were pre-confirmed). A client that sends back the last position it saw gets an
 * answer from a state at least that new, from whichever node of a fleet it reaches: so `pending`
 * never goes backwards across replicas.
 */
export interface ReadPositions {
  /** The position of the node's current state. */
  current(): string;
  /** Resolves true once the node's state is at least `wanted`, false when it will not be soon (then {@link forward}). */
  reach(wanted: ChainPosition): Promise<boolean>;
  /** Answers a request at a node that is at least at the wanted position (the sequencer); absent on the sequencer itself. */
  forward?(body: string, context: RequestContext): Promise<{ body: string; position: string }>;
}

/** The position of a view, as the header writes it. */
export function formatPosition(position: ChainPosition): string {
  return `${position.blockNumber}.${position.subBlockCount}`;
}

/** The position a request header asks for, or undefined when the header is absent or malformed (then ignored). */
export function parsePosition(value: string | string[] | undefined): ChainPosition | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,15})\.(\d{1,9})$/.exec(value.trim());
  if (!match) return undefined;
  return { blockNumber: Number(match[1]), subBlockCount: Number(match[2]) };
}

/** True when `position` is at least as new as `wanted`. */
export function reachedPosition(position: ChainPosition, wanted: ChainPosition): boolean {
  return position.blockNumber > wanted.blockNumber || (position.blockNumber === wanted.blockNumber && position.subBlockCount >= wanted.subBlockCount);
}

/** The positions of a node on its own (or a fleet's sequencer): its state is the newest there is. */
export function localReadPositions(views: ViewSource): ReadPositions {
  return {
    current: () => formatPosition(views.current().position),
    reach: async () => true,
  };
}
