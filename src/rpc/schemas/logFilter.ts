import type { LogFilter } from '../../services/logs/LogFilter.js';
import { decodeLogCriteria } from '../../services/logs/logCriteria.js';
import { blockNumberOrTag } from './blockDecoders.js';
import { hash } from './decoders.js';
import { Schema, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

export type { LogFilter };

const topicSchema = Schema.nullable(Schema.hash);

/**
 * Decodes a filter object with geth's rules and messages (eth/filters FilterCriteria): address
 * and topics as {@link decodeLogCriteria} reads them; `blockHash` excludes `fromBlock`/`toBlock`;
 * unknown fields are ignored, and a null field counts as absent.
 */
export const logFilter: ParamDecoder<LogFilter> = withSchema(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('filter object expected');
    const raw = value as Record<string, unknown>;
    const present = (name: string) => raw[name] !== undefined && raw[name] !== null;
    const filter: LogFilter = decodeLogCriteria(raw);
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
      topics: { type: 'array', maxItems: 4, items: { oneOf: [topicSchema, Schema.arrayOf(topicSchema)] } },
    },
  },
);
