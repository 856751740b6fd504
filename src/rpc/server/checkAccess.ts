import { ErrorCodes } from '../errors/errorCodes.js';
import { JsonRpcError } from '../errors/JsonRpcError.js';
import type { MethodDefinition } from './MethodDefinition.js';
import type { RequestContext } from './RequestContext.js';

/**
 * A 'dedicated' method called through a public endpoint: EIP-1474's -32004 "method not
 * supported" (here, on this endpoint), which viem and ethers surface as such, with the message
 * `method <name> requires a dedicated endpoint`; the transport answers with HTTP 403. The server reports requests made only of such
 * refusals with status 403, as the public endpoints of the service spec answer eth_getBlockReceipts.
 */
export class MethodRequiresDedicatedError extends JsonRpcError {
  constructor(method: string) {
    super(ErrorCodes.methodNotSupported, `method ${method} requires a dedicated endpoint`);
    this.name = 'MethodRequiresDedicatedError';
  }
}

/**
 * The one place access tiers are enforced: returns the error to answer with when the client's
 * tier may not call `method`, otherwise undefined. Checked after the method is found and before
 * its params are decoded, so a refused client learns nothing about the method's parameters.
 */
export function checkAccess(method: MethodDefinition, context: RequestContext): JsonRpcError | undefined {
  if (method.tier === 'dedicated' && context.tier !== 'dedicated') return new MethodRequiresDedicatedError(method.name);
  return undefined;
}
