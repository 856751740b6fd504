import type { DepositRequestFields, SendRequest } from '../../execution/opStack/DepositRequest.js';
import { parseQuantity } from '../../primitives/hex.js';
import { callRequest } from './callRequestDecoder.js';
import { boolean, fixedBytes, quantity } from './decoders.js';
import { Schema, schemaOf, withSchema } from './jsonSchema.js';
import type { ParamDecoder } from './ParamDecoder.js';

// eth_sendTransaction's transaction object: a call object, which on an OP Stack chain may describe a deposit.

const DEPOSIT_TYPE = 0x7e;
const DEPOSIT_FIELDS = ['sourceHash', 'mint', 'isSystemTx'] as const;

/**
 * A call object, plus the deposit fields Anvil's optimism mode reads (`sourceHash`, `mint`, `isSystemTx`).
 * As in Anvil, a request is a deposit when it has `sourceHash` and `isSystemTx` (`mint` is 0 when absent),
 * or says `type` 0x7e; a deposit request that lacks one is refused with Anvil's words. Where Anvil sends a
 * request with only some of the deposit fields as an ordinary signed transaction, this refuses it: a
 * deposit meant and a transfer signed by a dev account are too far apart to guess between.
 */
export const sendRequest: ParamDecoder<SendRequest> = withSchema(
  (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return callRequest(value);
    const object = value as Record<string, unknown>;
    const given = (name: string) => object[name] !== undefined && object[name] !== null;
    const typed = given('type') && isDepositType(object.type);
    if (!typed && !DEPOSIT_FIELDS.some(given)) return callRequest(value);
    const missing = ['sourceHash', 'isSystemTx'].filter((name) => !given(name));
    if (missing.length > 0)
      throw new TypeError(`deposit transaction can't be built due to missing keys: [${missing.map((name) => JSON.stringify(name)).join(', ')}]`);
    const { sourceHash, mint, isSystemTx, type: _type, ...call } = object;
    const field = <T>(name: string, decode: (raw: unknown) => T, raw: unknown): T => {
      try {
        return decode(raw);
      } catch (error) {
        throw new TypeError(`field "${name}": ${(error as Error).message}`);
      }
    };
    const deposit: DepositRequestFields = {
      sourceHash: field('sourceHash', (raw) => fixedBytes(raw, 32, 'hash'), sourceHash),
      mint: mint === undefined || mint === null ? 0n : field('mint', quantity, mint),
      isSystemTx: field('isSystemTx', boolean, isSystemTx),
    };
    return { ...callRequest(call), deposit };
  },
  {
    ...schemaOf(callRequest),
    title: 'transaction object (a call object; on an OP Stack chain, a deposit with sourceHash, mint, isSystemTx)',
    properties: {
      ...(schemaOf(callRequest)?.properties as object),
      sourceHash: Schema.hash,
      mint: Schema.quantity,
      isSystemTx: Schema.boolean,
    },
  },
);

function isDepositType(type: unknown): boolean {
  try {
    return parseQuantity(type) === BigInt(DEPOSIT_TYPE);
  } catch {
    return false;
  }
}
