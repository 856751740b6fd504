import type { ForkTarget } from '../../services/fork/ForkControl.js';
import type { JsonSchema } from './jsonSchema.js';
import { withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * Parameter decoders of Anvil's dev methods (evm_*, anvil_*, hardhat_*), which take numbers the
 * way Anvil does: a JSON number or a hex string (viem sends `evm_increaseTime` a JSON number,
 * `hardhat_mine` hex), leading zeros allowed. Decimal strings are taken too, as Anvil's
 * deserializer takes them. Each throws a TypeError saying what is wrong (the server adds the
 * position).
 */

const ANVIL_NUMBER_SCHEMA: JsonSchema = {
  title: 'number',
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$' },
  ],
};

/** A non-negative number below 2^256: a JSON integer, a 0x-hex string or a decimal string. */
export const anvilNumber: ParamDecoder<bigint> = withSchema((value) => parseAnvilNumber(value), ANVIL_NUMBER_SCHEMA);

/** {@link anvilNumber}, or undefined when absent or null. */
export const optionalAnvilNumber: ParamDecoder<bigint | undefined> = withSchema(
  (value) => (value === undefined || value === null ? undefined : parseAnvilNumber(value)),
  { oneOf: [ANVIL_NUMBER_SCHEMA, { type: 'null' }] },
);

/** What evm_mine takes. */
export interface MineOptions {
  timestamp?: bigint;
  blocks?: bigint;
}

/** evm_mine's optional parameter: a timestamp, or `{ timestamp?, blocks? }`; absent or null mines one block now. */
export const mineOptions: ParamDecoder<MineOptions> = withSchema(
  (value) => {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) return { timestamp: parseAnvilNumber(value) };
    const { timestamp, blocks, ...rest } = value as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length > 0) throw new TypeError(`unknown field "${unknown[0]}", expected "timestamp" or "blocks"`);
    return {
      ...(timestamp === undefined || timestamp === null ? {} : { timestamp: parseAnvilNumber(timestamp) }),
      ...(blocks === undefined || blocks === null ? {} : { blocks: parseAnvilNumber(blocks) }),
    };
  },
  {
    title: 'mine options',
    oneOf: [
      ANVIL_NUMBER_SCHEMA,
      { type: 'object', properties: { timestamp: ANVIL_NUMBER_SCHEMA, blocks: ANVIL_NUMBER_SCHEMA }, additionalProperties: false },
      { type: 'null' },
    ],
  },
);

/** anvil_reset's optional parameter `{ forking?: { jsonRpcUrl, blockNumber } }`: the `forking` value, undefined without one. */
export const resetOptions: ParamDecoder<ForkTarget | undefined> = withSchema(
  (value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError('object expected');
    const options = value as Record<string, unknown>;
    // Anvil takes `{ forking: { jsonRpcUrl, blockNumber } }` and the bare `{ jsonRpcUrl, blockNumber }`.
    const forking = 'forking' in options ? options.forking : 'jsonRpcUrl' in options || 'blockNumber' in options ? options : undefined;
    if (forking === undefined || forking === null) return undefined;
    if (typeof forking !== 'object' || Array.isArray(forking)) throw new TypeError('forking: object expected');
    const { jsonRpcUrl, blockNumber } = forking as Record<string, unknown>;
    if (jsonRpcUrl !== undefined && jsonRpcUrl !== null && typeof jsonRpcUrl !== 'string') throw new TypeError('forking.jsonRpcUrl: string expected');
    return {
      ...(typeof jsonRpcUrl === 'string' ? { jsonRpcUrl } : {}),
      // viem sends a missing block number as null (Number(undefined) is NaN): the remote's latest.
      ...(blockNumber === undefined || blockNumber === null ? {} : { blockNumber: parseAnvilNumber(blockNumber) }),
    };
  },
  {
    title: 'reset options',
    oneOf: [
      {
        type: 'object',
        properties: {
          forking: {
            oneOf: [
              { type: 'object', properties: { jsonRpcUrl: { type: ['string', 'null'] }, blockNumber: { oneOf: [ANVIL_NUMBER_SCHEMA, { type: 'null' }] } } },
              { type: 'null' },
            ],
          },
        },
      },
      { type: 'null' },
    ],
  },
);

function parseAnvilNumber(value: unknown): bigint {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`expected a non-negative integer, got ${value}`);
    return BigInt(value);
  }
  if (typeof value !== 'string') throw new TypeError('number or hex string expected');
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  if (/^[0-9]{1,78}$/.test(value)) {
    const parsed = BigInt(value);
    if (parsed < 2n ** 256n) return parsed;
  }
  throw new TypeError(`invalid number "${value.length > 80 ? `${value.slice(0, 80)}…` : value}"`);
}

/** A parameter taken for compatibility and ignored (miner_start's thread count). */
export const ignored: ParamDecoder<unknown> = withSchema((value) => value, { description: 'ignored' });
