import type { Common } from '@ethereumjs/common';
import { encodeReceipt } from '../../chain/receiptEncoding.js';
import type { BlockRules } from './BlockRules.js';
import { storeBeaconRoot, storeParentHash } from './blockStartSystemCalls.js';
import { collectRequests } from './collectRequests.js';
import { payBlockRewards } from './payBlockRewards.js';
import { payWithdrawals } from './payWithdrawals.js';

/**
 * Ethereum's block rules, every fork's: each step applies from its fork on (it checks the block's rules
 * itself), in the order geth's state processor and consensus engine run them.
 */
export const ETHEREUM_BLOCK_RULES: BlockRules = {
  atStart: [storeBeaconRoot, storeParentHash],
  afterTransaction: [],
  receiptOf: (transaction, outcome, cumulativeGasUsed) =>
    encodeReceipt({
      type: transaction.type,
      success: outcome.success,
      ...(outcome.stateRoot === undefined ? {} : { stateRoot: outcome.stateRoot }),
      cumulativeGasUsed,
      bloom: outcome.bloom,
      logs: outcome.logs,
    }),
  atEnd: [collectRequests, payWithdrawals, payBlockRewards],
};

/**
 * The block rules a block runs under. Every Sequin chain runs Ethereum's today; a chain with rules of its
 * own (OP Stack, issue 27) is told apart here, from its Common, and nowhere else.
 */
export function blockRulesOf(_rules: Common): BlockRules {
  return ETHEREUM_BLOCK_RULES;
}
