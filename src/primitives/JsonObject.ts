/** A JSON object as served (hex strings, arrays, nulls): what read services hand the RPC layer. */
export type JsonObject = object;
