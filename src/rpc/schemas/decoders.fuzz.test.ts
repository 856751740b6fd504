/**
 * Fuzzes the parameter decoders against oracles: a decoder either returns the value the input
 * denotes or throws a TypeError whose message names the problem; no input makes it throw
 * anything else (a RangeError from BigInt, a SyntaxError...), which would surface as -32603.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParameters, fuzzTimeoutMs } from '../../testing/fuzzParameters.js';
import { blockSelector } from './blockDecoders.js';
import { callRequest } from './callRequestDecoder.js';
import { address, boolean, data, hash, NOT_A_WHOLE_NUMBER, quantity, storageSlot, timeoutMilliseconds, uint64Quantity } from './decoders.js';
import { blockCount, percentiles } from './feeHistoryDecoders.js';

const hexDigits = (options: { minLength?: number; maxLength?: number } = {}) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), ...options });
/** Strings that look like hex, with every classic defect: no prefix, odd length, bad digits, leading zeros, huge. */
const hexish = fc.oneof(
  hexDigits({ maxLength: 80 }).map((digits) => `0x${digits}`),
  hexDigits({ maxLength: 80 }),
  fc.tuple(hexDigits({ maxLength: 8 }), fc.string({ maxLength: 2 }), hexDigits({ maxLength: 8 })).map(([a, junk, b]) => `0x${a}${junk}${b}`),
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((value) => `0x${value.toString(16)}`),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.bigInt({ min: 0n, max: 2n ** 70n })).map(([zeros, value]) => `0x${'0'.repeat(zeros)}${value.toString(16)}`),
  fc.constantFrom('0x', '0X1', '-0x1', ' 0x1', '0x1 ', '0x+1', '0x1n', '0x1e3'),
);
const anything = fc.oneof(hexish, fc.jsonValue(), fc.constantFrom(undefined, null, 1.5, -1, 2 ** 60, Number.MAX_VALUE));

/** Runs a decoder: its value, or the message of the TypeError it threw (anything else fails the test). */
function decodeOrReason<T>(decoder: (value: unknown) => T, value: unknown): { value: T } | { reason: string } {
  try {
    return { value: decoder(value) };
  } catch (error) {
    expect(error, `decoder threw ${String(error)} for ${JSON.stringify(value)}`).toBeInstanceOf(TypeError);
    const reason = (error as Error).message;
    expect(reason.length).toBeGreaterThan(0);
    return { reason };
  }
}

const CANONICAL_QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;

describe('parameter decoders (fuzz)', () => {
  it(
    'quantity accepts exactly canonical quantities up to 256 bits and whole JSON numbers below 2^53 (as Hardhat and Anvil), and says why it refuses the rest',
    () => {
      fc.assert(
        fc.property(fc.oneof(hexish, anything, fc.integer({ min: -10, max: Number.MAX_SAFE_INTEGER })), (input) => {
          const outcome = decodeOrReason(quantity, input);
          if (typeof input === 'string' && CANONICAL_QUANTITY.test(input)) expect(outcome).toEqual({ value: BigInt(input) });
          else if (typeof input === 'number' && Number.isSafeInteger(input) && input >= 0) expect(outcome).toEqual({ value: BigInt(input) });
          else if ('reason' in outcome) {
            if (typeof input === 'number') expect(outcome.reason).toBe(NOT_A_WHOLE_NUMBER);
            else if (typeof input !== 'string') expect(outcome.reason).toBe('hex string expected');
            else if (!input.startsWith('0x')) expect(outcome.reason).toBe('hex string without 0x prefix');
            else if (input === '0x') expect(outcome.reason).toBe('hex string "0x"');
            else if (/^0x0./.test(input)) expect(outcome.reason).toBe('hex number with leading zero digits');
            else if (!/^0x[0-9a-fA-F]+$/.test(input)) expect(outcome.reason).toBe('invalid hex string');
            else expect(outcome.reason).toBe('hex number > 256 bits');
          } else expect.unreachable(`accepted ${JSON.stringify(input)}`);
        }),
        fuzzParameters(1000),
      );
    },
    fuzzTimeoutMs(20_000),
  );

  it(
    "gas and nonce of a call object must fit 64 bits (geth's hexutil.Uint64), and the error names the field",
    () => {
      fc.assert(
        fc.property(fc.constantFrom('gas', 'nonce'), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (name, value) => {
          const outcome = decodeOrReason(callRequest, { [name]: `0x${value.toString(16)}` });
          if (value < 2n ** 64n) expect(outcome).toEqual({ value: { [name]: value } });
          else expect(outcome).toEqual({ reason: `field "${name}": hex number > 64 bits` });
          expect(decodeOrReason(uint64Quantity, `0x${value.toString(16)}`)).toEqual(value < 2n ** 64n ? { value } : { reason: 'hex number > 64 bits' });
        }),
        fuzzParameters(1000),
      );
    },
    fuzzTimeoutMs(20_000),
  );

  it(
    'data, address and hash accept exactly 0x-hex of even length (of the right size), and name the defect otherwise',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            hexish,
            anything,
            hexDigits({ minLength: 40, maxLength: 40 }).map((d) => `0x${d}`),
            hexDigits({ minLength: 64, maxLength: 64 }).map((d) => `0x${d}`),
          ),
          (input) => {
            const valid = typeof input === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(input);
            const asData = decodeOrReason(data, input);
            if (valid) expect(asData).toEqual({ value: new Uint8Array(Buffer.from(input.slice(2), 'hex')) });
            else if ('reason' in asData) {
              if (typeof input !== 'string') expect(asData.reason).toBe('hex string expected');
              else if (!input.startsWith('0x')) expect(asData.reason).toBe('hex string without 0x prefix');
              else if (input.length % 2 !== 0) expect(asData.reason).toBe('hex string of odd length');
              else expect(asData.reason).toBe('invalid hex string');
            } else expect.unreachable(`data accepted ${JSON.stringify(input)}`);
            const asAddress = decodeOrReason(address, input);
            expect('value' in asAddress).toBe(valid && input.length === 42);
            if ('reason' in asAddress && valid) expect(asAddress.reason).toBe(`hex string has length ${input.length - 2}, want 40 for address`);
            const asHash = decodeOrReason(hash, input);
            expect('value' in asHash).toBe(valid && input.length === 66);
          },
        ),
        fuzzParameters(1000),
      );
    },
    fuzzTimeoutMs(20_000),
  );

  it(
    'block selectors, call objects and the other decoders only ever throw TypeErrors with a reason',
    () => {
      const callObject = fc.dictionary(
        fc.oneof(
          fc.constantFrom(
            'from',
            'to',
            'gas',
            'gasPrice',
            'maxFeePerGas',
            'maxPriorityFeePerGas',
            'value',
            'data',
            'input',
            'nonce',
            'accessList',
            'authorizationList',
            'type',
            'chainId',
          ),
          fc.string({ maxLength: 6 }),
        ),
        fc.oneof(
          anything,
          fc.array(fc.dictionary(fc.constantFrom('address', 'storageKeys', 'chainId', 'nonce', 'r', 's', 'v', 'yParity'), anything), { maxLength: 3 }),
        ),
        { maxKeys: 6 },
      );
      const selector = fc.oneof(anything, fc.dictionary(fc.constantFrom('blockHash', 'blockNumber', 'requireCanonical'), anything, { maxKeys: 3 }));
      fc.assert(
        fc.property(callObject, selector, anything, (call, block, other) => {
          decodeOrReason(callRequest, call);
          decodeOrReason(blockSelector, block);
          const decoders: Array<(value: unknown) => unknown> = [storageSlot, boolean, blockCount, percentiles, timeoutMilliseconds, callRequest, blockSelector];
          for (const decoder of decoders) decodeOrReason(decoder, other);
        }),
        fuzzParameters(1000),
      );
    },
    fuzzTimeoutMs(30_000),
  );
});
