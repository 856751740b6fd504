import { ErrorCode, RpcError } from './RpcError.js';

/**
 * The choke point that turns any thrown value into an RpcError a client may see.
 * Known RpcErrors pass through; anything else becomes -32603 "internal error" and its
 * details (message, stack, paths) stay in the log, never in the response.
 */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  return new RpcError(ErrorCode.internal, 'internal error', { cause: error });
}
