/**
 * The base URL the node's web page gives wallets (RPC URL and explorer URL of its chain data).
 * `--public-url` wins. Otherwise it is the address the node really listens on: the bound host and
 * the bound port; for a wildcard bind (0.0.0.0, ::) the local address the client connected to,
 * never the request's Host header (a client must not be able to put another host in the data).
 */
import { normalizePublicUrl } from '../../config/publicUrl.js';

const WILDCARD_HOSTS: ReadonlySet<string> = new Set(['', '0.0.0.0', '::', '[::]']);

/** The local end of a client's connection (what `req.socket` has). */
export interface LocalEndpoint {
  localAddress?: string;
  localPort?: number;
}

/** `http://host:port` of this node as the client reached it, or `--public-url` when set. */
export function publicBaseUrl(config: { host: string; publicUrl: string | undefined }, local: LocalEndpoint): string {
  if (config.publicUrl !== undefined) return normalizePublicUrl(config.publicUrl);
  let host = WILDCARD_HOSTS.has(config.host) ? (local.localAddress ?? '127.0.0.1') : config.host;
  host = host.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1'); // IPv4 reached through a dual-stack socket
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  return `http://${host}:${local.localPort}`;
}

/** True when `host` is a loopback interface: the node is then reachable from this computer only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
