import { type Hex, hexToBytes } from '../../primitives/hex.js';

/**
 * Which logs a `logs` subscription, a log filter or eth_getLogs wants: emitted by one of
 * `addresses` (any when undefined), with `topics[i]` one of the listed values (any when null or
 * past the end). All hex is lower case. node/logs/LogMatcher.ts applies it.
 */
export interface LogCriteria {
  addresses: Hex[] | undefined;
  topics: Array<Hex[] | null>;
}

/** geth refuses more than four topic positions ("exceed max topics"): a log has at most four. */
const MAX_TOPICS = 4;
/** Most addresses, and most alternatives at one topic position, in one filter. */
const MAX_ALTERNATIVES = 1000;

/**
 * Decodes geth's filter criteria `{ address?, topics? }` (other keys are left to the caller) with
 * geth's rules and messages (eth/filters FilterCriteria): `address` is one address or an array;
 * `topics` holds up to 4 positions, each null, a topic, or an array of topics (any of them; a null
 * or an empty array makes the position a wildcard).
 */
export function decodeLogCriteria(value: unknown): LogCriteria {
  if (value === undefined || value === null) return { addresses: undefined, topics: [] };
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('filter object expected');
  const { address, topics } = value as { address?: unknown; topics?: unknown };
  return { addresses: decodeAddresses(address), topics: decodeTopics(topics) };
}

function decodeAddresses(value: unknown): Hex[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [fixedHex(value, 20, 'address', 'invalid address: ')];
  if (!Array.isArray(value)) throw new TypeError('invalid addresses in query');
  if (value.length > MAX_ALTERNATIVES) throw new TypeError('exceed max addresses');
  return value.map((item, index) => {
    if (typeof item !== 'string') throw new TypeError(`non-string address at index ${index}`);
    return fixedHex(item, 20, 'address', `invalid address at index ${index}: `);
  });
}

function decodeTopics(value: unknown): Array<Hex[] | null> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TypeError('invalid topic(s)');
  if (value.length > MAX_TOPICS) throw new TypeError('exceed max topics');
  return value.map((position) => {
    if (position === null) return null;
    if (typeof position === 'string') return [fixedHex(position, 32, 'topic')];
    if (!Array.isArray(position)) throw new TypeError('invalid topic(s)');
    if (position.length > MAX_ALTERNATIVES) throw new TypeError('exceed max topics');
    const alternatives: Hex[] = [];
    for (const topic of position) {
      // A null alternative matches anything, so the whole position is a wildcard (as geth, which
      // stops reading the list there).
      if (topic === null) return null;
      if (typeof topic !== 'string') throw new TypeError('invalid topic(s)');
      alternatives.push(fixedHex(topic, 32, 'topic'));
    }
    // An empty list constrains nothing, as in geth.
    return alternatives.length === 0 ? null : alternatives;
  });
}

/** Lower-case hex of exactly `length` bytes, or geth's "hex has invalid length" error. */
function fixedHex(value: string, length: number, what: string, prefix = ''): Hex {
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(value);
  } catch (error) {
    throw new TypeError(`${prefix}${(error as Error).message}`);
  }
  if (bytes.length !== length) throw new TypeError(`${prefix}hex has invalid length ${bytes.length} after decoding; expected ${length} for ${what}`);
  return value.toLowerCase() as Hex;
}
