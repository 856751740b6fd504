/**
 * The fork a node reads beneath its own chain, as one replaceable value: the remote block it sits
 * on ({@link ForkPoint}) and how it reads the remote. Everything that reads the remote (the forked
 * storage, the remote history, BLOCKHASH, the call lanes) asks this holder for the current point
 * on every read, so `anvil_reset` with `forking` swaps the whole fork in one step (the sequencer
 * does it between its steps, with the chain that sits on it: sequencer/reforkChain.ts).
 */
import type { ForkAnchor } from '../../chain/ForkAnchor.js';
import { ForkStateReader } from './ForkStateReader.js';
import type { SyncRemote } from './SyncRemote.js';

/** One fork: the remote block and the reader of the remote's state at it. */
export interface ForkPoint {
  anchor: ForkAnchor;
  /** The fork block's number. */
  number: bigint;
  /** The remote's URL as given: it may hold an API key, so it is never logged (`remote.remote` is the redacted form). */
  url: string;
  remote: SyncRemote;
  state: ForkStateReader;
}

export class ForkSource {
  private point: ForkPoint;
  /** The fork the node started with, where `anvil_reset` without parameters goes back to. */
  private original: { url: string; number: bigint; hash: string };

  constructor(point: ForkPoint) {
    this.point = point;
    this.original = { url: point.url, number: point.number, hash: point.anchor.hash };
  }

  get current(): ForkPoint {
    return this.point;
  }

  get number(): bigint {
    return this.point.number;
  }

  get remote(): SyncRemote {
    return this.point.remote;
  }

  get state(): ForkStateReader {
    return this.point.state;
  }

  /**
   * The remote's state at block `number` when it is below the fork block (the remote's history,
   * read lazily and cached like the fork's own reads), else undefined: from the fork block on,
   * the state is the node's.
   */
  historyState(number: number): ForkStateReader | undefined {
    return number >= 0 && BigInt(number) < this.point.number ? new ForkStateReader(this.point.remote, BigInt(number)) : undefined;
  }

  /** The remote and block the node started on (the URL as last set with anvil_setRpcUrl while on that block). */
  get start(): { url: string; number: bigint } {
    return { url: this.original.url, number: this.original.number };
  }

  /** anvil_setRpcUrl: reads from `url` from now on; what is cached stays (it is keyed by the fork block). */
  setUrl(url: string): void {
    this.point.remote.setUrl(url);
    this.point = { ...this.point, url };
    if (this.point.anchor.hash === this.original.hash) this.original = { ...this.original, url };
  }

  /** Makes `next` the fork; returns the one it replaces (its remote still open: the caller closes it). */
  replace(next: ForkPoint): ForkPoint {
    const previous = this.point;
    this.point = next;
    return previous;
  }

  /** Stops the current fork's fetcher thread. */
  close(): Promise<void> {
    return this.point.remote.close();
  }
}
