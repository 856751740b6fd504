import type { RpcBackend } from '../backend.js';
import type { JsonSchema } from '../schemas/jsonSchema.js';
import type { MethodRegistry } from './MethodRegistry.js';
import type { RequestContext } from './RequestContext.js';

/** Who may call a method: everyone, or only dedicated (authenticated) clients. */
export type AccessTier = 'public' | 'dedicated';

/**
 * Decodes one positional parameter; throws TypeError with a message that says what is wrong,
 * which the server prefixes with the position (`invalid argument 1: …`), or a JsonRpcError or
 * domain error, answered as it is.
 * `undefined` is passed for a missing optional parameter.
 */
export type ParamDecoder<T> = (value: unknown) => T;

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
  methods: MethodRegistry;
}

/** What a method returns, for rpc.discover: a name and a JSON Schema. */
export interface ResultSpec {
  name: string;
  schema: JsonSchema;
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
  /** One sentence: what the method returns. Used in docs and rpc.discover. */
  summary: string;
  tier: AccessTier;
  params: P;
  /** The result's name and schema for rpc.discover; omitted means "any JSON value". */
  result?: ResultSpec;
  handler: (backend: RpcBackend, params: DecodedParams<P>, context: RequestContext, server: ServerInfo) => unknown | Promise<unknown>;
}

/** Declares a method with its parameter types inferred from the decoders. */
export function defineMethod<const P extends readonly ParamSpec[]>(definition: MethodDefinition<P>): MethodDefinition {
  return definition as unknown as MethodDefinition;
}
