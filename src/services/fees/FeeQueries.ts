import type { Common } from '@ethereumjs/common';
import { withBlockHash } from '../../chain/receiptView.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { BlockSelection } from '../BlockSelection.js';
import { blobBaseFee } from './blobBaseFee.js';
import { computeFeeHistory, type FeeHistory } from './feeHistory.js';

/**
 * Fee suggestions and history. The suggested tip is fixed (1 gwei, like Hardhat and Anvil); the
 * gas price adds it to the pending block's base fee.
 */
export class FeeQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly common: Common,
    private readonly suggestedTip: bigint,
  ) {}

  gasPrice(): bigint {
    return this.views.current().open.baseFeePerGas + this.suggestedTip;
  }

  /** The next block's base fee: the open block's, fixed when it opened. */
  baseFee(): bigint {
    return this.views.current().open.baseFeePerGas;
  }

  maxPriorityFeePerGas(): bigint {
    return this.suggestedTip;
  }

  feeHistory(blockCount: number, newest: BlockSelector, rewardPercentiles: number[] | undefined): FeeHistory {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, newest);
    if (!resolved) throw new NotFoundError({ kind: 'header' });
    const newestNumber = resolved.kind === 'sealed' ? Number(resolved.block.number) : view.headNumber;
    return computeFeeHistory({
      blockCount,
      newest: newestNumber,
      rewardPercentiles,
      block: (number) => view.block(number),
      receiptsOf: (block) => view.transactionsOf(block).map((stored) => withBlockHash(stored.receipt, block.hash, block.timestamp)),
      nextBaseFee: newestNumber === view.headNumber ? view.open.baseFeePerGas : undefined,
    });
  }

  blobBaseFee(): bigint {
    return blobBaseFee(this.common, BigInt(this.views.current().head.excessBlobGas ?? 0));
  }
}
