/**
 * EIP-6963 discovery: the wallet announces itself with `eip6963:announceProvider` (a frozen
 * detail: uuid v4, name, data: URI icon, reverse-DNS id) and announces again on each
 * `eip6963:requestProvider`, so dApps find it next to other wallets instead of fighting over
 * `window.ethereum`.
 */

/** EIP-6963's provider info. */
export interface ProviderInfo {
  uuid: string;
  name: string;
  /** A data: URI (RFC 2397) of a square image, so the dApp need not fetch anything. */
  icon: string;
  rdns: string;
}

/** The wallet's icon: a blue rounded square with a white "S", as an SVG data URI. */
export const WALLET_ICON = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#1d4ed8"/><text x="48" y="68" font-family="sans-serif" font-size="60" font-weight="700" text-anchor="middle" fill="#fff">S</text></svg>',
)}`;

/** The info this wallet announces (a fresh uuid per page load, as the EIP asks). */
export function sequinProviderInfo(): ProviderInfo {
  return { uuid: uuidV4(), name: 'Sequin Wallet', icon: WALLET_ICON, rdns: 'dev.sequin.wallet' };
}

/** Announces `provider` now and on every request; returns a function that stops answering requests. */
export function announceProvider(provider: object, info: ProviderInfo = sequinProviderInfo(), target: Window = window): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  announce();
  target.addEventListener('eip6963:requestProvider', announce);
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}

/**
 * A random RFC 4122 version 4 UUID. Built from getRandomValues rather than crypto.randomUUID,
 * which exists only in secure contexts (a node page opened over http on a LAN address is not one).
 */
export function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
