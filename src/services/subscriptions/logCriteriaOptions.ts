import { decodeLogCriteria, type LogCriteria } from '../logs/logCriteria.js';
import { optionsObject } from './SubscriptionDefinition.js';

const addressSchema = { title: 'address', type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };

/** The options of `logs` and `newPreconfLogs`: geth's `{ address, topics }`. */
export const logCriteriaSchema = {
  type: 'object',
  properties: { address: { oneOf: [addressSchema, { type: 'array', items: addressSchema }] }, topics: { type: 'array', maxItems: 4 } },
} as const;

/** Decodes `{ address, topics }` with geth's rules; any other key is refused. */
export function decodeLogCriteriaOptions(options: unknown): { criteria: LogCriteria } {
  return { criteria: decodeLogCriteria(optionsObject(options, ['address', 'topics'])) };
}
