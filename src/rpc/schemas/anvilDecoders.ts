import { withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

/**
 * Parameter decoders of the dev methods, as lenient as Anvil's (foundry `deserialize_number`,
 * alloy's U256 and B256), so that what viem's test actions, Hardhat plugins and scripts written
 * for Anvil send decodes here too. Each throws a TypeError the server turns into
 * `invalid argument N: …`.
 */

const MAX_UINT256 = 2n ** 256n - 1n;

/** A 256-bit number: a JSON integer, 0x-hex (leading zeros allowed) or decimal text. */
export const anvilNumber: ParamDecoder<bigint> = withSchema(
  (value) => {
    let parsed: bigint | undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value)) parsed = BigInt(value);
    else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) parsed = BigInt(value);
    else if (typeof value === 'string' && /^[0-9]{1,78}$/.test(value)) parsed = BigInt(value);
    if (parsed === undefined || parsed < 0n || parsed > MAX_UINT256)
      throw new TypeError('expected a number: 0x-hex, decimal text or a JSON integer below 2^256');
    return parsed;
  },
  {
    title: 'number',
    oneOf: [
      { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$' },
      { type: 'integer', minimum: 0 },
    ],
  },
);

/** A storage slot as a 256-bit number (Anvil's U256): 0x-hex up to 64 digits or a JSON integer; as 32 bytes. */
export const slotNumber: ParamDecoder<Uint8Array> = withSchema(
  (value) => {
    let digits: string | undefined;
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) digits = value.slice(2);
    else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) digits = value.toString(16);
    if (digits === undefined) throw new TypeError('expected a storage slot: 0x-hex of at most 32 bytes');
    return new Uint8Array(Buffer.from(digits.padStart(64, '0'), 'hex'));
  },
  {
    title: 'storage slot',
    oneOf: [
      { type: 'string', pattern: '^0x[0-9a-fA-F]{1,64}$' },
      { type: 'integer', minimum: 0 },
    ],
  },
);

/** A 32-byte word (Anvil's B256): exactly 64 hex digits after 0x. */
export const word32: ParamDecoder<Uint8Array> = withSchema(
  (value) => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new TypeError('expected 32 bytes of 0x-hex (64 digits)');
    return new Uint8Array(Buffer.from(value.slice(2), 'hex'));
  },
  { title: 'bytes32', type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' },
);
