import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, rateLimitIdentity } from './clientAddress.js';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', () => {
    expect(clientAddress(request('10.0.0.1', '6.6.6.6'), false)).toBe('10.0.0.1');
  });

  it('behind a trusted proxy, takes the right-most entry (the one the proxy appended)', () => {
    expect(clientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', '203.0.113.7'), true)).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.1', '2001:db8::1'), true)).toBe('2001:db8::1');
  });

  it('falls back to the peer when the header is missing or its last entry is not an address', () => {
    expect(clientAddress(request('10.0.0.1'), true)).toBe('10.0.0.1');
    expect(clientAddress(request('10.0.0.1', '1.2.3.4, garbage'), true)).toBe('10.0.0.1');
  });

  it('shows IPv4-mapped IPv6 peers as IPv4', () => {
    expect(clientAddress(request('::ffff:127.0.0.1'), false)).toBe('127.0.0.1');
  });
});

describe('rateLimitIdentity', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
  ])('%s → %s', (address, identity) => {
    expect(rateLimitIdentity(address)).toBe(identity);
  });
});
