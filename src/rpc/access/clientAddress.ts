import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * The client's IP address. By default the TCP peer's address: `X-Forwarded-For` is set by
 * whoever sends the request, so believing it would let any client pick its own rate-limit bucket.
 * With `trustProxy` (Sequin runs behind one reverse proxy that appends the address it saw), the
 * right-most valid entry of `X-Forwarded-For` is used: the one that proxy wrote, whatever the
 * client put before it. IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) are shown as IPv4.
 */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const peer = normalise(request.socket.remoteAddress ?? 'unknown');
  if (!trustProxy) return peer;
  const header = request.headers['x-forwarded-for'];
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return peer;
  const last = text.split(',').at(-1)!.trim();
  return isIP(last) ? normalise(last) : peer;
}

/**
 * The identity an address is rate-limited under: an IPv4 address itself; for IPv6, its /64
 * prefix, since one subscriber usually holds a whole /64 and could otherwise rotate through
 * 2^64 addresses, each with a fresh bucket.
 */
export function rateLimitIdentity(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function normalise(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, zone id dropped, lower case. */
function expandIpv6(address: string): string[] {
  const [withoutZone] = address.toLowerCase().split('%', 1) as [string];
  const [head, tail] = withoutZone.includes('::') ? withoutZone.split('::', 2) : [withoutZone, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) takes two groups.
  const groupsOf = (groups: string[]) => groups.flatMap((group) => (group.includes('.') ? ['ipv4', 'ipv4'] : [group]));
  const left = groupsOf(headGroups);
  const right = groupsOf(tailGroups);
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
