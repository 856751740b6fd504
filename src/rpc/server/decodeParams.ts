import { SequinError } from '../../errors/SequinError.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { invalidArgument, missingArgument, nonArrayArgs, tooManyArguments } from './envelopeErrors.js';
import type { ParamSpec } from './MethodDefinition.js';

/**
 * Decodes positional params with a method's {@link ParamSpec}s, in geth's order and wording
 * (go-ethereum `rpc/json.go` parsePositionalArguments):
 * - omitted or `null` params count as `[]`; any other non-array is `non-array args`;
 * - elements are visited left to right, so `invalid argument 0: …` wins over a later surplus
 *   element, which fails as `too many arguments, want at most N`;
 * - `null` for an optional parameter means "absent" (geth decodes it into a nil pointer), so its
 *   decoder sees `undefined`; `null` for a required one goes to its decoder, which may reject it;
 * - a required parameter past the end of the array is `missing value for required argument N`;
 *   optional ones past the end are decoded from `undefined` so decoders can supply defaults.
 * A decoder's TypeError (or any Error) becomes `invalid argument N: <its message>`; a JsonRpcError
 * or domain error it throws keeps its own code and message.
 *
 * Returns one decoded value per spec. Throws a JsonRpcError (always -32602 unless a decoder chose).
 */
export function decodeParams(params: unknown, specs: readonly ParamSpec[]): unknown[] {
  if (params !== undefined && params !== null && !Array.isArray(params)) throw nonArrayArgs();
  const values: readonly unknown[] = params ?? [];
  const decoded: unknown[] = [];
  for (let index = 0; index < values.length; index++) {
    const spec = specs[index];
    if (spec === undefined) throw tooManyArguments(specs.length);
    const value = values[index];
    decoded.push(decodeOne(spec, index, value === null && spec.optional ? undefined : value));
  }
  for (let index = values.length; index < specs.length; index++) {
    const spec = specs[index] as ParamSpec;
    if (!spec.optional) throw missingArgument(index);
    decoded.push(decodeOne(spec, index, undefined));
  }
  return decoded;
}

function decodeOne(spec: ParamSpec, index: number, value: unknown): unknown {
  try {
    return spec.decode(value);
  } catch (error) {
    if (error instanceof JsonRpcError || error instanceof SequinError) throw error;
    throw invalidArgument(index, error instanceof Error ? error.message : String(error));
  }
}
