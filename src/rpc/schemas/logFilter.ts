import { type Hex, hexToBytes } from '../../primitives/hex.js';
import type { ParamDecoder } from '../server/MethodDefinition.js';
import { type BlockNumberOrTag, blockNumberOrTag, hash } from './decoders.js';
import { Schema, withSchema } from './jsonSchema.js';

/** Most topic positions a filter may constrain (a log has at most 4 topics). */
const MAX_TOPICS = 4;
/** Most addresses, and most alternatives at one topic position, in one filter. */
const MAX_ALTERNATIVES = 1000;

/**
 * The criteria of eth_getLogs and eth_newFilter, decoded. Either `blockHash` (one sealed block) or
 * a range `fromBlock`..`toBlock` (each defaulting to "latest"); never both.
 */
export interface LogFilter {
  blockHash?: Hex;
  fromBlock?: BlockNumberOrTag;
  toBlock?: BlockNumberOrTag;
  /** Lower-case emitter addresses, any of which matches; empty matches every address. */
  addresses: Hex[];
  /**
   * Positional topic constraints: entry i holds the topics accepted at position i (any one of
   * them), or null for "anything". A log must have at least as many topics as there are entries.
   */
  topics: (Hex[] | null)[];
}

const topicSchema = Schema.nullable(Schema.hash);

/**
 * Decodes a filter object with geth's rules and messages (eth/filters FilterCriteria): `address`
 * is one address or an array; `topics` holds up to 4 positions, each null, a topic, or an array
 * of topics (OR; a null inside makes the position a wildcard); unknown fields are ignored, and a
 * null field counts as absent.
 */
export const logFilter: ParamDecoder<LogFilter> = withSchema(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('filter object expected');
    const raw = value as Record<string, unknown>;
    const present = (name: string) => raw[name] !== undefined && raw[name] !== null;
    const filter: LogFilter = { addresses: decodeAddresses(raw.address), topics: decodeTopics(raw.topics) };
    if (present('blockHash')) {
      if (present('fromBlock') || present('toBlock')) throw new TypeError('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
      filter.blockHash = hash(raw.blockHash);
    } else {
      if (present('fromBlock')) filter.fromBlock = blockNumberOrTag(raw.fromBlock);
      if (present('toBlock')) filter.toBlock = blockNumberOrTag(raw.toBlock);
    }
    return filter;
  },
  {
    title: 'log filter',
    type: 'object',
    properties: {
      fromBlock: { oneOf: [Schema.quantity, Schema.blockTag] },
      toBlock: { oneOf: [Schema.quantity, Schema.blockTag] },
      blockHash: Schema.hash,
      address: { oneOf: [Schema.address, Schema.arrayOf(Schema.address)] },
      topics: { type: 'array', maxItems: MAX_TOPICS, items: { oneOf: [topicSchema, Schema.arrayOf(topicSchema)] } },
    },
  },
);

function decodeAddresses(value: unknown): Hex[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [fixedHex(value, 20, 'address', 'invalid address: ')];
  if (!Array.isArray(value)) throw new TypeError('invalid addresses in query');
  if (value.length > MAX_ALTERNATIVES) throw new TypeError('exceed max addresses');
  return value.map((item, index) => {
    if (typeof item !== 'string') throw new TypeError(`non-string address at index ${index}`);
    return fixedHex(item, 20, 'address', `invalid address at index ${index}: `);
  });
}

function decodeTopics(value: unknown): (Hex[] | null)[] {
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
      // A null alternative matches anything, so the whole position is a wildcard.
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
