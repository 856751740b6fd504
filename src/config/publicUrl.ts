/**
 * The `--public-url` rule: the base URL wallets will store for this chain, so it must be one they
 * can use: http or https, no credentials (wallets refuse them), no query or fragment (a path is
 * fine, e.g. behind a proxy at /sequin).
 */

/** A sentence saying what is wrong with `publicUrl`, or undefined when it is fine (or unset). */
export function publicUrlProblem(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return `--public-url must be an absolute http(s) URL, got "${publicUrl}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--public-url must use http or https, got "${url.protocol}"`;
  if (url.username !== '' || url.password !== '') return '--public-url must not contain credentials (wallets refuse URLs with credentials)';
  if (url.search !== '' || url.hash !== '') return '--public-url must not have a query or fragment';
  return undefined;
}

/** `publicUrl` without its trailing slash ("https://a.b/x/" → "https://a.b/x"), the form paths are appended to. */
export function normalizePublicUrl(publicUrl: string): string {
  return new URL(publicUrl).href.replace(/\/+$/, '');
}
