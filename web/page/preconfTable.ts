/**
 * Pre-confirmed transactions as they stream in (newest first), each marked "pre-confirmed" until
 * the block holding it is sealed, then "sealed in #N".
 */
import { element as el } from '../shared/element.js';
import { decimal, formatEther, lookupLink } from './format.js';
import type { Cursor, Head, PreconfTransaction } from './liveFeed.js';

const MAX_ROWS = 100;

/** The "Pre-confirmed transactions" table. */
export class PreconfTable {
  readonly #body = document.querySelector('#preconf tbody')!;
  readonly #openBlock = document.getElementById('open-block')!;

  /** Adds a pre-confirmed tx (ignored if already shown, e.g. from the initial load). */
  add(tx: PreconfTransaction, cursor: Cursor | undefined): void {
    if (this.#body.querySelector(`tr[data-hash="${tx.hash}"]`)) return;
    const sealed = tx.blockHash !== null && !/^0x0+$/.test(tx.blockHash);
    const failed = tx.status === '0x0';
    const row = el(
      'tr',
      { 'data-hash': tx.hash, 'data-block': decimal(tx.blockNumber) },
      el('td', { class: 'mono' }, lookupLink('tx', tx.hash)),
      el('td', { class: 'mono' }, lookupLink('address', tx.from)),
      el('td', { class: 'mono' }, tx.to ? lookupLink('address', tx.to) : 'contract creation'),
      el('td', {}, formatEther(tx.value)),
      el('td', {}, `#${decimal(tx.blockNumber)}${cursor?.subBlockIndex !== undefined ? ` · ${decimal(cursor.subBlockIndex)}` : ''}`),
      el(
        'td',
        { class: sealed ? 'status sealed' : 'status preconfirmed' },
        sealed ? `sealed in #${decimal(tx.blockNumber)}` : failed ? 'pre-confirmed (reverted)' : 'pre-confirmed',
      ),
    );
    this.#body.prepend(row);
    this.#openBlock.textContent = `(open block #${decimal(tx.blockNumber)})`;
    while (this.#body.children.length > MAX_ROWS) this.#body.lastElementChild!.remove();
  }

  /** Marks the txs of a sealed block as sealed. */
  sealed(head: Head): void {
    const number = decimal(head.number);
    for (const row of this.#body.querySelectorAll<HTMLElement>(`tr[data-block="${number}"] td.status.preconfirmed`)) {
      row.className = 'status sealed';
      row.textContent = `sealed in #${number}`;
    }
    this.#openBlock.textContent = `(open block #${BigInt(head.number) + 1n})`;
  }
}
