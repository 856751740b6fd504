/**
 * What the approval dialog says about an RPC host: the punycode form the browser really contacts,
 * its Unicode display form (checked against Node's own IDNA decoder), and look-alike warnings.
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeHost } from '../../web/wallet/describeHost.js';
import { decodeHostname } from '../../web/wallet/punycode.js';

describe('decodeHostname', () => {
  it.each(['аpple.com', 'аррӏе.com', 'münchen.de', '例え.jp', 'ethereum.org', 'ВСЕ-ОК.рф', 'mañana.example', 'ünï.cödé.test'])(
    'decodes %s as Node does',
    (name) => {
      const ascii = domainToASCII(name);
      expect(decodeHostname(ascii)).toBe(domainToUnicode(ascii));
    },
  );
});

describe('describeHost', () => {
  it('shows an ASCII host as it is, with no warning over https', () => {
    expect(describeHost('https://rpc.example.com:8443/v1')).toEqual({ host: 'rpc.example.com:8443', unicode: undefined, warnings: [] });
  });

  it('warns about a look-alike: Cyrillic "а" among Latin letters', () => {
    const description = describeHost('https://аpple.com/');
    expect(description.host).toBe('xn--pple-43d.com');
    expect(description.unicode).toBe('аpple.com');
    expect(description.warnings).toEqual([
      'The host name has international characters: it is really xn--pple-43d.com (displayed as аpple.com). Look-alike letters can imitate a familiar name.',
      '"аpple.com" mixes letters of different alphabets in one name, a common trick of look-alike hosts.',
    ]);
  });

  it('flags every international name, but only mixed alphabets as a trick', () => {
    expect(describeHost('https://münchen.de/').warnings).toHaveLength(1);
    expect(describeHost('https://аррӏе.com/').warnings).toHaveLength(1); // all Cyrillic: still shown in punycode
  });

  it('notes that http is not encrypted', () => {
    expect(describeHost('http://127.0.0.1:8545/').warnings).toEqual([
      'The connection to this RPC is not encrypted (http:). Fine for a node on this computer, not for a remote one.',
    ]);
  });
});
