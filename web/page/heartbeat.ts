/**
 * The sequencer's heartbeat: a dot that flashes on every tick (about every 200 ms, empty ticks
 * included), the last tick's block and sub-block, the measured interval between ticks, and a
 * strip of recent ticks (filled: a sub-block with transactions; hollow: an empty tick).
 */
import { element as el } from '../shared/element.js';
import { decimal } from './format.js';
import type { Tick } from './liveFeed.js';

const STRIP_LENGTH = 50;

/** Renders ticks into the page's heartbeat section. */
export class Heartbeat {
  readonly #beat = document.getElementById('beat')!;
  readonly #info = document.getElementById('tick-info')!;
  readonly #strip = document.getElementById('ticks')!;
  readonly #intervals: number[] = [];
  #lastAt: number | undefined;
  #count = 0;

  tick(tick: Tick): void {
    // The node's own clock when it says (arrival times carry network jitter), else arrival time.
    const now = tick.preconfirmedAt ? Number(BigInt(tick.preconfirmedAt)) : performance.now();
    if (this.#lastAt !== undefined) {
      this.#intervals.push(now - this.#lastAt);
      if (this.#intervals.length > 20) this.#intervals.shift();
    }
    this.#lastAt = now;
    this.#count++;
    // Restart the flash animation: remove the class, force a style flush, add it back.
    this.#beat.classList.remove('on');
    void this.#beat.offsetWidth;
    this.#beat.classList.add('on');

    const transactions = Number(BigInt(tick.transactionCount));
    const average = this.#intervals.length > 0 ? Math.round(this.#intervals.reduce((sum, value) => sum + value, 0) / this.#intervals.length) : undefined;
    const where = tick.index === null ? 'empty tick' : `sub-block ${decimal(tick.index)}`;
    this.#info.textContent = `Block #${decimal(tick.blockNumber)} · ${where} · ${transactions} tx${transactions === 1 ? '' : 's'}${average === undefined ? '' : ` · a tick every ${average} ms`} · ${this.#count} ticks seen`;
    this.#strip.dataset.ticks = String(this.#count);

    const cell = el('li', {
      class: transactions > 0 ? 'tick full' : 'tick',
      title: `block ${decimal(tick.blockNumber)}, ${where}, ${transactions} txs`,
    });
    this.#strip.append(cell);
    while (this.#strip.children.length > STRIP_LENGTH) this.#strip.firstElementChild!.remove();
  }
}
