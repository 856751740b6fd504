/** Sealed blocks as they are sealed (newest first). */
import { element as el } from '../shared/element.js';
import { decimal, formatGwei, lookupLink, shortHex, time } from './format.js';
import type { Head } from './liveFeed.js';

const MAX_ROWS = 30;

/** The "Sealed blocks" table. */
export class BlocksTable {
  readonly #body = document.querySelector('#blocks tbody')!;

  add(head: Head & { transactions?: unknown[] }, transactionCount?: number): void {
    const number = decimal(head.number);
    if (this.#body.querySelector(`tr[data-number="${number}"]`)) return;
    const count = transactionCount ?? head.transactions?.length;
    const row = el(
      'tr',
      { 'data-number': number },
      el('td', {}, lookupLink('block', number, `#${number}`)),
      el('td', { class: 'mono' }, shortHex(head.hash)),
      el('td', { class: 'count' }, count === undefined ? '…' : String(count)),
      el('td', {}, decimal(head.gasUsed)),
      el('td', {}, head.baseFeePerGas ? formatGwei(head.baseFeePerGas) : '—'),
      el('td', {}, time(head.timestamp)),
    );
    // Keep numeric order even when the initial load and the live stream interleave.
    const after = [...this.#body.children].find((candidate) => Number((candidate as HTMLElement).dataset.number) < Number(number));
    this.#body.insertBefore(row, after ?? null);
    while (this.#body.children.length > MAX_ROWS) this.#body.lastElementChild!.remove();
  }

  /** Fills in a block's transaction count once known (newHeads carries no body). */
  setCount(number: string, count: number): void {
    const cell = this.#body.querySelector(`tr[data-number="${decimal(number)}"] td.count`);
    if (cell) cell.textContent = String(count);
  }
}
