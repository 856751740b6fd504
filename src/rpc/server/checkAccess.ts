import { RpcError } from '../../errors/RpcError.js';
import type { MethodDefinition } from './MethodDefinition.js';
import type { RequestContext } from './RequestContext.js';

/**
 * JSON-RPC code of a call refused for its tier: EIP-1474's -32004 "method not supported" (here,
 * on this endpoint), which viem and ethers surface as such. The transport answers with HTTP 403.
 */
export const TIER_REFUSED_CODE = -32004;

/**
 * A 'dedicated' method called through a public endpoint: -32004
 * `method <name> requires a dedicated endpoint`. The server reports requests made only of such
 * refusals with status 403, as the public endpoints of the service spec answer eth_getBlockReceipts.
 */
export class MethodRequiresDedicatedError extends RpcError {
  constructor(method: string) {
    super(TIER_REFUSED_CODE, `method ${method} requires a dedicated endpoint`);
    this.name = 'MethodRequiresDedicatedError';
  }
}

/**
 * The one place access tiers are enforced: returns the error to answer with when the client's
 * tier may not call `method`, otherwise undefined. Checked after the method is found and before
 * its params are decoded, so a refused client learns nothing about the method's parameters.
 */
export function checkAccess(method: MethodDefinition, context: RequestContext): RpcError | undefined {
  if (method.tier === 'dedicated' && context.tier !== 'dedicated') return new MethodRequiresDedicatedError(method.name);
  return undefined;
}
