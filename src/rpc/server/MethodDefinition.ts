import type { RpcBackend } from '../backend.js';
import type { ErrorCodeEntry } from '../errors/errorCodes.js';
import type { JsonSchema } from '../schemas/jsonSchema.js';
import type { ParamDecoder } from '../schemas/ParamDecoder.js';
import type { AccessTier } from './AccessTier.js';
import type { MethodRegistry } from './MethodRegistry.js';
import type { RequestContext } from './RequestContext.js';

/** One parameter of a method: its name (for docs and errors), decoder and whether it may be omitted. */
export interface ParamSpec<T = unknown> {
  name: string;
  decode: ParamDecoder<T>;
  optional?: boolean;
}

/**
 * What the server tells a handler about itself, for methods that describe the server rather than
 * the node (rpc_modules, rpc.discover).
 */
export interface ServerInfo {
  /** Every method this server serves. */
  methods: MethodRegistry<MethodDefinition>;
}

/** What a method returns, for rpc.discover: a name and a JSON Schema. */
export interface ResultSpec {
  name: string;
  schema: JsonSchema;
}

/**
 * An error a method answers with beyond those any call may meet (malformed envelope, limits, a
 * parameter that fails to decode, the tier check: docs/reference/methods.md lists those once).
 */
export interface MethodError {
  /** The catalog entry (errors/errorCodes.ts) it is answered with. */
  code: ErrorCodeEntry;
  /** When, in a few words, with the message where clients match on it. */
  when: string;
}

type DecodedParams<P extends readonly ParamSpec[]> = { [K in keyof P]: P[K] extends ParamSpec<infer T> ? T : never };

/**
 * A JSON-RPC method declared as data: name, tier, parameters and a handler that sees the node
 * only through {@link RpcBackend}. The handler returns the JSON result (already formatted); the
 * few methods that depend on the connection (eth_subscribe) also read the request context, and
 * those that describe the server itself (rpc_modules, rpc.discover) read {@link ServerInfo}.
 */
export interface MethodDefinition<P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  name: string;
  /**
   * Other names that answer exactly as this one (Anvil serves its methods under their hardhat_
   * and evm_ names too): same tier, parameters, handler and result. {@link servedMethods} serves
   * each as a method of its own; a variant that answers differently (hardhat_mine's `true`) is a
   * definition of its own, not an alias.
   */
  aliases?: readonly string[];
  /** One sentence: what the method returns. Used in docs and rpc.discover. */
  summary: string;
  tier: AccessTier;
  params: P;
  /** The result's name and schema, for rpc.discover and docs/reference/methods.md. */
  result: ResultSpec;
  /** The errors particular to this method, for docs/reference/methods.md. */
  errors?: readonly MethodError[];
  handler: (backend: RpcBackend, params: DecodedParams<P>, context: RequestContext, server: ServerInfo) => unknown | Promise<unknown>;
}

/** Declares a method with its parameter types inferred from the decoders. */
export function defineMethod<const P extends readonly ParamSpec[]>(definition: MethodDefinition<P>): MethodDefinition {
  return definition as unknown as MethodDefinition;
}
