import type { RpcBackend } from '../backend.js';
import type { RequestContext } from './RequestContext.js';

/** Who may call a method: everyone, or only dedicated (authenticated) clients. */
export type AccessTier = 'public' | 'dedicated';

/**
 * Decodes one positional parameter; throws TypeError (or RpcError) with a message that says what
 * is wrong. The server prefixes it with the position: `invalid argument 1: …`.
 * `undefined` is passed for a missing optional parameter.
 */
export type ParamDecoder<T> = (value: unknown) => T;

/** One parameter of a method: its name (for docs and errors), decoder and whether it may be omitted. */
export interface ParamSpec<T = unknown> {
  name: string;
  decode: ParamDecoder<T>;
  optional?: boolean;
}

type DecodedParams<P extends readonly ParamSpec[]> = { [K in keyof P]: P[K] extends ParamSpec<infer T> ? T : never };

/**
 * A JSON-RPC method declared as data: name, tier, parameters and a handler that sees the node
 * only through {@link RpcBackend}. The handler returns the JSON result (already formatted); the
 * few methods that depend on the connection (eth_subscribe) also read the request context.
 */
export interface MethodDefinition<P extends readonly ParamSpec[] = readonly ParamSpec[]> {
  name: string;
  /** One sentence: what the method returns. Used in docs and rpc.discover. */
  summary: string;
  tier: AccessTier;
  params: P;
  handler: (backend: RpcBackend, params: DecodedParams<P>, context: RequestContext) => unknown | Promise<unknown>;
}

/** Declares a method with its parameter types inferred from the decoders. */
export function defineMethod<const P extends readonly ParamSpec[]>(definition: MethodDefinition<P>): MethodDefinition {
  return definition as unknown as MethodDefinition;
}
