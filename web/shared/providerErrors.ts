/**
 * EIP-1193 / EIP-1474 errors as a wallet returns them: a numeric `code`, a `message` and optional
 * `data`. The codes and messages are the ones dApps test for (EIP-1193, EIP-3085, the spec's
 * wallet_addEthereumChain table, MetaMask's wording where the EIPs say nothing).
 */

/** The error codes a wallet answers with. */
export const ProviderErrorCode = {
  /** EIP-1193: the user rejected the request. */
  userRejected: 4001,
  /** EIP-1193: the method or account is not authorized; the spec uses it for a wallet that will not add chains. */
  unauthorized: 4100,
  /** EIP-1193: the wallet does not implement the method. */
  unsupportedMethod: 4200,
  /** EIP-1193: the wallet is not connected to any chain. */
  disconnected: 4900,
  /** EIP-3326 / the spec: the chain id is not known (or not confirmed by its RPC). */
  unrecognizedChain: 4902,
  /** EIP-1474: a request of this kind is already waiting for the user. */
  resourceUnavailable: -32002,
  /** JSON-RPC: invalid method parameters. */
  invalidParams: -32602,
  /** JSON-RPC: internal error (e.g. the network's RPC cannot be reached). */
  internal: -32603,
} as const;

/** An error returned by `provider.request` (EIP-1193's ProviderRpcError). */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    this.data = data;
  }

  /** The plain `{ code, message, data? }` object, e.g. to post across a frame. */
  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

/** 4001 with the spec's message. */
export function userRejectedError(): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.userRejected, 'User rejected the request');
}

/** 4100 with the spec's message for wallet_addEthereumChain when the user turned additions off for the site. */
export function methodNotSupportedError(): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.unauthorized, 'Requested method not supported');
}

/** 4200 for a method this wallet does not implement (EIP-1193). */
export function unsupportedMethodError(method: string): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.unsupportedMethod, `The Provider does not support the requested method: ${method}`);
}

/** -32602 with a message that names the offending field. */
export function invalidParamsError(message: string, data?: unknown): ProviderRpcError {
  return new ProviderRpcError(ProviderErrorCode.invalidParams, message, data);
}

/** True for a thrown value shaped like an EIP-1193 error (ours or another wallet's). */
export function isProviderError(value: unknown): value is { code: number; message: string; data?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
