import type { ChainSpec } from './ChainSpec.js';
import { createChainCommon } from './chainCommon.js';
import { createChainSpecCommon } from './createChainSpecCommon.js';
import type { OpStackChain } from './opStack/OpStackChain.js';
import type { ScheduledCommon } from './ScheduledCommon.js';

/**
 * The Common a node runs a chain with: a geth genesis file's fork schedule (`spec`), else Sequin's own
 * chain (Prague for every block) under `chainId`, or an OP Stack chain's (`opStack`, `--network`). Its own
 * hardfork is the chain's latest, for code that reads a parameter without a block at hand; per-block rules
 * come from `at(block)`.
 */
export function commonOfChain(chainId: bigint, spec: ChainSpec | undefined, opStack?: OpStackChain): ScheduledCommon {
  if (spec === undefined) return createChainCommon(chainId, opStack);
  const common = createChainSpecCommon(spec);
  common.setHardfork(common.latestFork);
  return common;
}
