/**
 * What is wrong with an EIP-712 document, in geth's words where geth has some (signer/core/apitypes).
 * The transaction service answers it as the typed-data parameter's -32602 (InvalidArgumentError).
 */
export class TypedDataError extends Error {
  override readonly name = 'TypedDataError';
}
