import { element as el } from '../shared/element.js';
/** Small display helpers of the page. */

/** "0x1234…abcd". */
export function shortHex(hex: string | null | undefined, keep = 6): string {
  if (!hex) return '—';
  return hex.length <= keep * 2 + 3 ? hex : `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}

/** A wei quantity in ether, trimmed: "1.5 ETH". */
export function formatEther(wei: string | bigint, symbol = 'ETH'): string {
  const value = typeof wei === 'bigint' ? wei : BigInt(wei);
  const whole = value / 10n ** 18n;
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ${symbol}`;
}

/** A wei-per-gas quantity in gwei: "0.875 gwei". */
export function formatGwei(wei: string): string {
  return `${Number(BigInt(wei)) / 1e9} gwei`;
}

/**
 * True for the hash of a sealed block: pre-confirmed transactions and the open ("pending") block carry
 * the zero hash as a placeholder until the seal (OP's flashblocks shape), pooled transactions null.
 */
export function isSealedBlockHash(hash: string | null | undefined): hash is string {
  return typeof hash === 'string' && !/^0x0+$/.test(hash);
}

/** A hex quantity as a decimal string. */
export function decimal(hex: string | null | undefined): string {
  return hex ? BigInt(hex).toString() : '—';
}

/** Local time of a unix-seconds hex timestamp. */
export function time(hexSeconds: string): string {
  return new Date(Number(BigInt(hexSeconds)) * 1000).toLocaleTimeString();
}

/** A link to one of the page's own lookups (/tx/…, /block/…, /address/…), relative to the node's root. */
export function lookupLink(kind: 'tx' | 'block' | 'address', id: string, text = shortHex(id)): HTMLAnchorElement {
  return el('a', { href: `${document.body.dataset.root ?? './'}${kind}/${id}`, 'data-lookup': id }, text);
}
