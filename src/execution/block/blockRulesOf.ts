import type { Common } from '@ethereumjs/common';
import { opStackOf } from '../../config/ScheduledCommon.js';
import { OP_STACK_BLOCK_RULES } from '../opStack/opBlockRules.js';
import type { BlockRules } from './BlockRules.js';
import { ETHEREUM_BLOCK_RULES } from './ethereumBlockRules.js';

/**
 * The block rules a block runs under: an OP Stack chain's (`--network`, told by its Common) or Ethereum's.
 * The one place a chain with rules of its own is told apart.
 */
export function blockRulesOf(rules: Common): BlockRules {
  return opStackOf(rules) ? OP_STACK_BLOCK_RULES : ETHEREUM_BLOCK_RULES;
}
