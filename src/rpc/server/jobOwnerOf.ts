import type { JobOwner } from '../../execution/scheduling/JobOwner.js';
import type { RequestContext } from './RequestContext.js';

/** Clients without an id (no address known, e.g. in-process transports) share this one. */
const ANONYMOUS_CLIENT = 'anonymous';

/** Who an execution (call, estimate, access list, trace) runs for: the request's client and tier, for the executor's fair scheduling. */
export function jobOwnerOf(context: RequestContext): JobOwner {
  return { clientId: context.clientId ?? ANONYMOUS_CLIENT, tier: context.tier };
}
