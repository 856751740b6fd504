import { defineMethod } from '../../server/MethodDefinition.js';

/** The capabilities this node has, in the OP Stack's names: it serves flashblocks (pre-confirmed sub-blocks). */
const CAPABILITIES = ['flashblocksv1'] as const;

/**
 * op_supportedCapabilities (OP Stack flashblocks spec, "op_supportedCapabilities";
 * docs/flashblocks.md): `["flashblocksv1"]`, so clients can tell that `pending` reads and the
 * flashblocks subscriptions serve pre-confirmed state — in every mining mode and on every network.
 */
export const opSupportedCapabilities = defineMethod({
  name: 'op_supportedCapabilities',
  summary: 'Returns the OP Stack capabilities the node supports: ["flashblocksv1"].',
  tier: 'public',
  params: [],
  result: { name: 'capabilities', schema: { type: 'array', items: { type: 'string' } } },
  handler: () => [...CAPABILITIES],
});
