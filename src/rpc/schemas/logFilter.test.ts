// The filter object decoder: geth's accepted forms and its error messages, table-driven.

import { describe, expect, it } from 'vitest';
import { type LogFilter, logFilter } from './logFilter.js';

const ADDRESS = `0x${'Ab'.repeat(20)}`;
const TOPIC = `0x${'Cd'.repeat(32)}`;
const HASH = `0x${'12'.repeat(32)}`;
const lower = (hex: string) => hex.toLowerCase();

const accepted: Array<[string, unknown, LogFilter]> = [
  ['empty object', {}, { addresses: undefined, topics: [] }],
  ['null fields are absent', { fromBlock: null, toBlock: null, blockHash: null, address: null, topics: null }, { addresses: undefined, topics: [] }],
  ['one address, lower-cased', { address: ADDRESS }, { addresses: [lower(ADDRESS)], topics: [] } as LogFilter],
  ['address array', { address: [ADDRESS, `0x${'00'.repeat(20)}`] }, { addresses: [lower(ADDRESS), `0x${'00'.repeat(20)}`], topics: [] } as LogFilter],
  [
    'range with tags and numbers',
    { fromBlock: 'earliest', toBlock: '0x10' },
    { fromBlock: { kind: 'tag', tag: 'earliest' }, toBlock: { kind: 'number', number: 16n }, addresses: undefined, topics: [] },
  ],
  ['pending', { toBlock: 'pending' }, { toBlock: { kind: 'tag', tag: 'pending' }, addresses: undefined, topics: [] }],
  ['blockHash alone', { blockHash: HASH }, { blockHash: HASH, addresses: undefined, topics: [] } as LogFilter],
  [
    'topics: value, null, OR list, OR list with null (wildcard), empty list (wildcard)',
    { topics: [TOPIC, null, [TOPIC, HASH], [null, TOPIC]] },
    { addresses: undefined, topics: [[lower(TOPIC)], null, [lower(TOPIC), HASH], null] } as LogFilter,
  ],
  ['empty OR list is a wildcard', { topics: [[]] }, { addresses: undefined, topics: [null] }],
  ['unknown fields are ignored', { foo: 1, address: ADDRESS }, { addresses: [lower(ADDRESS)], topics: [] } as LogFilter],
];

const rejected: Array<[string, unknown, string]> = [
  ['not an object', 'latest', 'filter object expected'],
  ['blockHash with fromBlock', { blockHash: HASH, fromBlock: '0x1' }, 'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other'],
  ['blockHash with toBlock', { blockHash: HASH, toBlock: 'latest' }, 'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other'],
  ['short address', { address: '0x1234' }, 'invalid address: hex has invalid length 2 after decoding; expected 20 for address'],
  ['address without 0x', { address: 'ab'.repeat(20) }, 'invalid address: hex string without 0x prefix'],
  ['bad address in array', { address: [ADDRESS, '0x12'] }, 'invalid address at index 1: hex has invalid length 1 after decoding; expected 20 for address'],
  ['non-string address in array', { address: [ADDRESS, 5] }, 'non-string address at index 1'],
  ['address of another type', { address: 5 }, 'invalid addresses in query'],
  ['five topic positions', { topics: [null, null, null, null, null] }, 'exceed max topics'],
  ['short topic', { topics: ['0x12'] }, 'hex has invalid length 1 after decoding; expected 32 for topic'],
  ['topic of another type', { topics: [5] }, 'invalid topic(s)'],
  ['non-string topic in OR list', { topics: [[TOPIC, 5]] }, 'invalid topic(s)'],
  ['topics not an array', { topics: TOPIC }, 'invalid topic(s)'],
  ['fromBlock a hash', { fromBlock: HASH }, 'hex number > 64 bits'],
  ['fromBlock not hex', { fromBlock: 'soon' }, 'hex string without 0x prefix'],
];

describe('logFilter', () => {
  it.each(accepted)('accepts %s', (_name, input, expected) => {
    expect(logFilter(input)).toEqual(expected);
  });

  it.each(rejected)('rejects %s', (_name, input, message) => {
    expect(() => logFilter(input)).toThrow(new TypeError(message));
  });
});
