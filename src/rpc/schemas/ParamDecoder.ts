/**
 * Decodes one positional parameter; throws TypeError (or RpcError) with a message that says what
 * is wrong. The server prefixes it with the position: `invalid argument 1: …`.
 * `undefined` is passed for a missing optional parameter.
 */
export type ParamDecoder<T> = (value: unknown) => T;
