/**
 * What the approval dialog says about an RPC URL's host: the host exactly as the browser will
 * contact it (punycode for international names) and warnings for hosts that may imitate others.
 */
import { decodeHostname } from './punycode.js';

/** A host as shown to the user. */
export interface HostDescription {
  /** `host[:port]` in ASCII, as the browser sends it (e.g. "xn--mtamask-7nf.io"). */
  host: string;
  /** The Unicode form, when the host has international (punycode) labels. */
  unicode?: string;
  /** Sentences to show as warnings; empty when nothing looks wrong. */
  warnings: string[];
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Han', 'Arabic', 'Hebrew'] as const;

/** Describes the host of `url` (a URL the wallet has already validated). */
export function describeHost(url: string): HostDescription {
  const parsed = new URL(url);
  const warnings: string[] = [];
  let unicode: string | undefined;
  if (parsed.hostname.split('.').some((label) => label.startsWith('xn--'))) {
    try {
      unicode = decodeHostname(parsed.hostname);
    } catch {
      unicode = undefined;
    }
    warnings.push(
      `The host name has international characters: it is really ${parsed.hostname}${unicode ? ` (displayed as ${unicode})` : ''}. Look-alike letters can imitate a familiar name.`,
    );
    if (unicode?.split('.').some(mixesScripts)) {
      warnings.push(`"${unicode}" mixes letters of different alphabets in one name, a common trick of look-alike hosts.`);
    }
  }
  if (parsed.protocol === 'http:')
    warnings.push('The connection to this RPC is not encrypted (http:). Fine for a node on this computer, not for a remote one.');
  return { host: parsed.host, unicode, warnings };
}

/** True when a label uses letters of more than one script (e.g. Latin "p" with Cyrillic "а"). */
function mixesScripts(label: string): boolean {
  const used = SCRIPTS.filter((script) => new RegExp(`\\p{Script=${script}}`, 'u').test(label));
  return used.length > 1;
}
