import type { ChainSpec } from './ChainSpec.js';
import { createChainCommon } from './chainCommon.js';
import type { ChainHardfork } from './chainHardfork.js';
import { UNLIMITED_CODE_SIZE } from './codeSizeLimit.js';
import { createChainSpecCommon } from './createChainSpecCommon.js';
import type { OpStackChain } from './opStack/OpStackChain.js';
import type { ScheduledCommon } from './ScheduledCommon.js';

/** What settings choose of a chain's rules: the fork of Sequin's own chain, whether contract size is limited, the OP Stack chain. */
export interface ChainRuleSettings {
  /** `--hardfork` as resolved for this chain (chainHardfork.ts); unused for a genesis file's chain, which schedules its own forks, and for an OP Stack chain, whose OP forks choose. */
  hardfork?: ChainHardfork;
  /** `--disable-code-size-limit` (codeSizeLimit.ts). */
  unlimitedCodeSize?: boolean;
  /** The OP Stack chain of `--network` (config/opStack/). */
  opStack?: OpStackChain;
}

/**
 * The Common a node runs a chain with: a geth genesis file's fork schedule (`spec`), else Sequin's own
 * chain (`rules.hardfork` for every block) under `chainId`, or an OP Stack chain's (`rules.opStack`,
 * `--network`). Its own hardfork is the chain's latest, for code that reads a parameter without a block
 * at hand; per-block rules come from `at(block)`.
 */
export function commonOfChain(chainId: bigint, spec: ChainSpec | undefined, rules: ChainRuleSettings = {}): ScheduledCommon {
  const common = spec === undefined ? createChainCommon(chainId, rules.hardfork, rules.opStack) : createChainSpecCommon(spec);
  if (spec !== undefined) common.setHardfork(common.latestFork);
  if (rules.unlimitedCodeSize) common.updateParams(UNLIMITED_CODE_SIZE);
  return common;
}
