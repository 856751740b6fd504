import type { Common } from '@ethereumjs/common';
import { opStackOf } from '../config/ScheduledCommon.js';
import { opExtraData } from './opExtraData.js';

/**
 * The header fields an OP Stack block sets its own way (none on Ethereum): extraData from Holocene (the
 * EIP-1559 parameters, opExtraData.ts) and, from Isthmus, the withdrawals root holding the
 * L2ToL1MessagePasser's storage root (the specs' isthmus/exec-engine.md); asked only then.
 */
export function opHeaderFields(
  common: Common,
  timestamp: bigint,
  messagePasserStorageRoot: () => Uint8Array,
): { extraData?: Uint8Array; withdrawalsRoot?: Uint8Array } {
  const chain = opStackOf(common);
  if (chain === undefined) return {};
  return {
    extraData: opExtraData(chain, timestamp),
    ...(timestamp >= chain.forks.isthmus ? { withdrawalsRoot: messagePasserStorageRoot() } : {}),
  };
}
