/**
 * The `--nats` setting's value: the URLs of one NATS cluster, comma-separated. A node without it
 * runs alone, as before fleets existed.
 */

/** The URLs of `--nats`, trimmed; empty when it is unset. */
export function natsServers(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url.length > 0);
}

/** Why `value` is not a list of NATS URLs, or undefined when it is. */
export function natsServersProblem(value: string): string | undefined {
  const urls = natsServers(value);
  if (urls.length === 0) return '--nats must list at least one nats://host:port URL';
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `--nats: "${url}" is not a URL (expected nats://host:port)`;
    }
    if (parsed.protocol !== 'nats:' && parsed.protocol !== 'tls:') return `--nats: "${url}" must start with nats:// (or tls://)`;
    if (parsed.port === '') return `--nats: "${url}" needs a port (nats://host:4222)`;
  }
  return undefined;
}
