/**
 * The rules of the fork settings (`--fork-url`, `--fork-block-number`, `--fork-chain-id`), and
 * {@link redactUrl}, the form of a fork URL that may appear in logs, errors and metrics.
 */

/** A sentence saying what is wrong with a `--fork-url`, or undefined when it is fine. Never echoes the URL (it may hold a key). */
export function forkUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '--fork-url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--fork-url must use http or https, got "${url.protocol}"`;
  return undefined;
}

/** A sentence saying `value` is not a whole number (at most `max`), or undefined. */
export function wholeNumberProblem(flag: string, value: string, max?: bigint): string | undefined {
  if (!/^(\d+|0x[0-9a-fA-F]+)$/.test(value)) return `${flag} must be a whole number (decimal or 0x-hex), got "${value}"`;
  if (max !== undefined && (BigInt(value) > max || BigInt(value) < 1n)) return `${flag} must be 1 to ${max}, got ${value}`;
  return undefined;
}

/**
 * `url` as it may be shown: scheme, host and port only. Providers put API keys in the path
 * (`/v2/KEY`), the query (`?apikey=`) or the user info, so all three are dropped rather than guessed at.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const hidden = parsed.pathname !== '/' || parsed.search !== '' || parsed.username !== '' || parsed.password !== '';
    return `${parsed.protocol}//${parsed.host}${hidden ? '/…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}
