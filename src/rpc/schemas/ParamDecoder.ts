/**
 * Decodes one positional parameter; throws TypeError with a message that says what is wrong,
 * which the server prefixes with the position (`invalid argument 1: …`), or a JsonRpcError or
 * domain error, answered as it is.
 * `undefined` is passed for a missing optional parameter.
 */
export type ParamDecoder<T> = (value: unknown) => T;
