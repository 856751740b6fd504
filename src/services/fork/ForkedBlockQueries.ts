/**
 * The block service of a fork: the remote's blocks, transactions and receipts at or below the
 * fork block (see {@link ForkHistory}), the local chain's above it.
 */

import type { RpcReceipt } from '../../chain/receiptView.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import type { Hex } from '../../primitives/hex.js';
import type { BlockQueries } from '../blocks/BlockQueries.js';
import type { RpcBlock } from '../views/RpcBlock.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';
import type { ForkHistory } from './ForkHistory.js';

type Blocks = Pick<
  BlockQueries,
  | 'blockNumber'
  | 'getBlock'
  | 'getBlockReceipts'
  | 'getTransactionByHash'
  | 'getTransactionReceipt'
  | 'getTransactionByBlockAndIndex'
  | 'getBlockTransactionCount'
>;

export class ForkedBlockQueries implements Blocks {
  constructor(
    private readonly local: Blocks,
    private readonly history: ForkHistory,
  ) {}

  blockNumber(): bigint {
    return this.local.blockNumber();
  }

  getBlock(block: BlockSelector, fullTransactions: false): RpcBlock | null;
  getBlock(block: BlockSelector, fullTransactions: true): RpcBlock<RpcTransaction> | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> | null {
    const remote = this.history.remoteBlockForBlocks(block);
    if (remote === undefined) return this.local.getBlock(block, fullTransactions);
    // The remote answers in the same wire shapes (a node of the same protocol).
    return this.history.call<RpcBlock<Hex | RpcTransaction> | null>(isHash(remote) ? 'eth_getBlockByHash' : 'eth_getBlockByNumber', [remote, fullTransactions]);
  }

  getBlockReceipts(block: BlockSelector): RpcReceipt[] | null {
    const remote = this.history.remoteBlockForBlocks(block);
    return remote === undefined ? this.local.getBlockReceipts(block) : this.history.call<RpcReceipt[] | null>('eth_getBlockReceipts', [remote]);
  }

  getTransactionByHash(hash: Hex): RpcTransaction | null {
    const local = this.local.getTransactionByHash(hash);
    if (local) return local;
    const remote = this.history.call<RpcTransaction | null>('eth_getTransactionByHash', [hash]);
    return this.history.isForkHistory(remote) ? remote : null;
  }

  getTransactionReceipt(hash: Hex): RpcReceipt | null {
    // A transaction the fork knows (sealed, pre-confirmed or pooled) is never the remote's.
    if (this.local.getTransactionByHash(hash)) return this.local.getTransactionReceipt(hash);
    const remote = this.history.call<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
    return this.history.isForkHistory(remote) ? remote : null;
  }

  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): RpcTransaction | null {
    const remote = this.history.remoteBlockForBlocks(block);
    if (remote === undefined) return this.local.getTransactionByBlockAndIndex(block, index);
    const method = isHash(remote) ? 'eth_getTransactionByBlockHashAndIndex' : 'eth_getTransactionByBlockNumberAndIndex';
    return this.history.call<RpcTransaction | null>(method, [remote, `0x${index.toString(16)}`]);
  }

  getBlockTransactionCount(block: BlockSelector): bigint | null {
    const remote = this.history.remoteBlockForBlocks(block);
    if (remote === undefined) return this.local.getBlockTransactionCount(block);
    const count = this.history.call<Hex | null>(isHash(remote) ? 'eth_getBlockTransactionCountByHash' : 'eth_getBlockTransactionCountByNumber', [remote]);
    return count === null ? null : BigInt(count);
  }
}

function isHash(block: string): boolean {
  return block.length === 66;
}
