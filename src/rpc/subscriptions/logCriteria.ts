import type { Hex } from '../../primitives/hex.js';

/**
 * Which logs a `logs` subscription (or filter) wants: emitted by one of `addresses` (any when
 * undefined), with `topics[i]` one of the listed values (any when null or past the end).
 * All hex is lower case.
 */
export interface LogCriteria {
  addresses: Hex[] | undefined;
  topics: Array<Hex[] | null>;
}

/** geth refuses more than four topic positions ("exceed max topics"): a log has at most four. */
const MAX_TOPICS = 4;

/** Decodes geth's filter criteria `{ address?, topics? }` (other keys are left to the caller). */
export function decodeLogCriteria(value: unknown): LogCriteria {
  if (value === undefined || value === null) return { addresses: undefined, topics: [] };
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('filter object expected');
  const { address, topics } = value as { address?: unknown; topics?: unknown };
  return { addresses: decodeAddresses(address), topics: decodeTopics(topics) };
}

/** True when `log` satisfies `criteria` (geth's filterLogs rule). */
export function matchesLogCriteria(log: { address: string; topics: readonly string[] }, criteria: LogCriteria): boolean {
  if (criteria.addresses !== undefined && !criteria.addresses.includes(log.address.toLowerCase() as Hex)) return false;
  if (criteria.topics.length > log.topics.length) return false;
  for (const [position, wanted] of criteria.topics.entries()) {
    if (wanted === null || wanted.length === 0) continue;
    if (!wanted.includes((log.topics[position] as string).toLowerCase() as Hex)) return false;
  }
  return true;
}

function decodeAddresses(value: unknown): Hex[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(entry)) throw new TypeError(`invalid address ${JSON.stringify(entry)}`);
    return entry.toLowerCase() as Hex;
  });
}

function decodeTopics(value: unknown): Array<Hex[] | null> {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TypeError('topics: array expected');
  if (value.length > MAX_TOPICS) throw new TypeError('exceed max topics');
  return value.map((position) => {
    if (position === null) return null;
    const alternatives = Array.isArray(position) ? position : [position];
    if (alternatives.includes(null)) return null; // a null among alternatives matches anything
    return alternatives.map((topic) => {
      if (typeof topic !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(topic)) throw new TypeError(`invalid topic ${JSON.stringify(topic)}`);
      return topic.toLowerCase() as Hex;
    });
  });
}
