/**
 * The URL rule of chain registration: https only; http only for the loopback hosts and only when
 * the wallet's dev mode is on; never another scheme (file:, javascript:, data:, ws: …) and never
 * credentials in the URL (they would be stored and shown, and sent with every request).
 */

/** Host names http is allowed for in dev mode (as URL.hostname spells them). */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The outcome of {@link checkUrl}: the normalized URL, or why it is refused. */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Checks one URL of `rpcUrls`, `blockExplorerUrls` or `iconUrls`. The returned URL is the
 * parsed `href` (so "https://a.b" and "https://a.b/" compare equal). Reasons never repeat a
 * password: a URL with credentials is shown with them masked.
 */
export function checkUrl(value: unknown, options: { devMode: boolean }): UrlCheck {
  if (typeof value !== 'string') return { ok: false, reason: `${JSON.stringify(value) ?? String(value)} is not a string` };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, reason: `"${value}" is not a valid URL` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: `"${maskCredentials(url)}" contains credentials, which are never accepted in a URL` };
  }
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTNAMES.has(url.hostname))
      return { ok: false, reason: `"${value}" uses http: (only https: is allowed; http: only for localhost, 127.0.0.1 and [::1] in dev mode)` };
    if (!options.devMode) return { ok: false, reason: `"${value}" uses http: on ${url.hostname}, which is allowed only when the wallet's dev mode is on` };
    return { ok: true, url: url.href };
  }
  return { ok: false, reason: `"${url.protocol}" URLs are not allowed (only https:; http: only for localhost in dev mode)` };
}

/** The URL with user name and password replaced by `***`. */
export function maskCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '***';
  copy.password = copy.password === '' ? '' : '***';
  return copy.href;
}
