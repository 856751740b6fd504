/**
 * The approval dialog: what a site asks, who asks, and two buttons, **Approve** and **Reject**.
 * One dialog at a time: requests wait in a queue, so two never overlap. Escape rejects.
 * Icons a site suggests are not loaded until the user presses "Show icon" (loading them would
 * tell the icon's host that this wallet is in use).
 */
import { element } from '../../shared/element.js';
import type { ApprovalRequest, Approver } from '../Approver.js';
import { walletShadowRoot } from './walletShadowRoot.js';

/** The in-page {@link Approver}. */
export class ApprovalDialog implements Approver {
  #queue: Promise<unknown> = Promise.resolve();

  ask(request: ApprovalRequest): Promise<boolean> {
    const answer = this.#queue.then(() => this.#show(request));
    this.#queue = answer.catch(() => false);
    return answer;
  }

  async #show(request: ApprovalRequest): Promise<boolean> {
    const root = await walletShadowRoot();
    const titleId = `sequin-approval-title-${Math.random().toString(36).slice(2)}`;
    const list = element('dl');
    for (const row of request.rows) list.append(element('dt', {}, row.label), element('dd', {}, row.value));
    const reject = element('button', { type: 'button' }, 'Reject');
    const approve = element('button', { type: 'button', class: 'primary' }, 'Approve');
    const dialog = element(
      'div',
      { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
      element('h2', { id: titleId }, request.title),
      element('div', {}, element('span', { class: 'muted' }, 'Requested by '), element('span', { class: 'origin' }, request.origin)),
      list,
    );
    if (request.iconUrls && request.iconUrls.length > 0) dialog.append(iconRow(request.iconUrls[0]!));
    for (const warning of request.warnings) dialog.append(element('div', { class: 'warning', role: 'alert' }, `⚠ ${warning}`));
    dialog.append(element('div', { class: 'actions' }, reject, approve));
    const backdrop = element('div', { class: 'backdrop' }, dialog);
    root.append(backdrop);
    reject.focus();
    return new Promise<boolean>((resolve) => {
      const finish = (approved: boolean) => {
        backdrop.remove();
        resolve(approved);
      };
      approve.addEventListener('click', () => finish(true), { once: true });
      reject.addEventListener('click', () => finish(false), { once: true });
      dialog.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') finish(false);
      });
    });
  }
}

/** "Icon: [Show icon]": the image element is created only after the click. */
function iconRow(url: string): HTMLElement {
  const show = element('button', { type: 'button' }, 'Show icon');
  const row = element('div', { class: 'row' }, element('span', { class: 'muted' }, `Icon from ${new URL(url).host}:`), show);
  show.addEventListener('click', () => show.replaceWith(element('img', { src: url, alt: 'network icon' })), { once: true });
  return row;
}
