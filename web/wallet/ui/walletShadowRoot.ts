/**
 * The wallet's corner of the page: one element with an open shadow root, so the page's CSS
 * cannot restyle (or hide) the approval dialog and ours does not leak into the page. Open, not
 * closed, so assistive technology and test tools see the buttons by their accessible names.
 */
import { WALLET_STYLES } from './walletStyles.js';

let root: ShadowRoot | undefined;

/** The wallet's shadow root, created on first use (waits for `document.body`). */
export async function walletShadowRoot(): Promise<ShadowRoot> {
  if (root) return root;
  if (!document.body) await new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
  if (root) return root;
  const host = document.createElement('div');
  host.id = 'sequin-wallet';
  // Above page content, never intercepting clicks outside the wallet's own boxes.
  host.style.cssText = 'position:fixed;inset:auto 0 0 auto;z-index:2147483647;';
  root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = WALLET_STYLES;
  root.append(style);
  document.body.append(host);
  return root;
}
