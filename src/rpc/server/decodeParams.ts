import { SequinError } from '../../errors/SequinError.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import { schemaOf } from '../schemas/jsonSchema.js';
import { invalidArgument, missingArgument, nonArrayArgs, tooManyArguments } from './envelopeErrors.js';
import { isJavaScriptError } from './isJavaScriptError.js';
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
 * or domain error it throws keeps its own code and message. An error the JavaScript engine raised
 * (a decoder that missed a shape) is never repeated: the answer names the parameter and the type
 * it expects instead (`invalid argument 1: rewardPercentiles: not a valid array of numbers`).
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
    if (isJavaScriptError(error) || !(error instanceof Error)) throw invalidArgument(index, `${spec.name}: not a valid ${expectedType(spec)}`);
    throw invalidArgument(index, error.message);
  }
}

/** What a parameter expects, from its decoder's JSON Schema (its title, or its type). */
function expectedType(spec: ParamSpec): string {
  const schema = schemaOf(spec.decode);
  if (typeof schema?.title === 'string') return schema.title;
  if (schema?.type === 'array') {
    const items = schema.items as { title?: unknown; type?: unknown } | undefined;
    const of = typeof items?.title === 'string' ? items.title : typeof items?.type === 'string' ? items.type : undefined;
    return of ? `array of ${of}s` : 'array';
  }
  return typeof schema?.type === 'string' ? schema.type : 'value';
}
