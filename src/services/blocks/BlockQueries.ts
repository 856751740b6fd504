import { type RpcReceipt, UNSEALED_BLOCK_HASH, withBlockHash } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockSelection } from '../BlockSelection.js';
import { blockTimestampOf } from '../views/blockTimestampOf.js';
import { pendingBlockOf } from '../views/pendingBlockView.js';
import { pooledTransactionView } from '../views/pooledTransactionView.js';
import type { RpcBlock } from '../views/RpcBlock.js';
import { sealedBlockView } from '../views/sealedBlockView.js';
import { type RpcTransaction, transactionView } from '../views/storedTransactionView.js';

/**
 * Blocks, transactions and receipts, each answered from one {@link ChainView}: a receipt, the
 * pending block and the pending receipts a read sees always agree, whatever the sequencer does
 * meanwhile. Transactions still in the pool come from the pool (geth's shape, block fields null).
 */
export class BlockQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly pool: Pick<TxPool, 'get'>,
  ) {}

  blockNumber(): bigint {
    return BigInt(this.views.current().headNumber);
  }

  getTransactionByHash(hash: Hex): RpcTransaction | null {
    const view = this.views.current();
    const stored = view.transaction(hash);
    if (stored) return transactionView(view, stored);
    const pooled = this.pool.get(hash);
    return pooled ? pooledTransactionView(pooled) : null;
  }

  getTransactionReceipt(hash: Hex): RpcReceipt | null {
    const view = this.views.current();
    const stored = view.transaction(hash);
    return stored ? withBlockHash(stored.receipt, view.blockHashOf(stored), blockTimestampOf(view, stored)) : null;
  }

  getBlock(block: BlockSelector, fullTransactions: false): RpcBlock | null;
  getBlock(block: BlockSelector, fullTransactions: true): RpcBlock<RpcTransaction> | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> | null;
  getBlock(block: BlockSelector, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> | null {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) return null;
    if (resolved.kind === 'sealed') {
      const sealed = resolved.block;
      if (!fullTransactions) return sealedBlockView(sealed);
      return { ...sealedBlockView(sealed), transactions: view.transactionsOf(sealed).map((stored) => transactionView(view, stored)) };
    }
    return pendingBlockOf(view, fullTransactions);
  }

  getBlockReceipts(block: BlockSelector): RpcReceipt[] | null {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) return null;
    if (resolved.kind === 'sealed') {
      const { hash: blockHash, timestamp } = resolved.block;
      return view.transactionsOf(resolved.block).map((stored) => withBlockHash(stored.receipt, blockHash, timestamp));
    }
    const timestamp = toQuantity(view.open.timestamp);
    return view.open.records().map((record) => withBlockHash(record.receipt, UNSEALED_BLOCK_HASH, timestamp));
  }

  /** eth_getTransactionByBlock{Hash,Number}AndIndex: null for an unknown block or an index past its end. */
  getTransactionByBlockAndIndex(block: BlockSelector, index: bigint): RpcTransaction | null {
    const view = this.views.current();
    const records = this.blockTransactions(view, block);
    if (!records || index >= BigInt(records.length)) return null;
    return transactionView(view, records[Number(index)]!);
  }

  /** eth_getBlockTransactionCountBy{Hash,Number}: null for an unknown block. */
  getBlockTransactionCount(block: BlockSelector): bigint | null {
    const view = this.views.current();
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) return null;
    return BigInt(resolved.kind === 'sealed' ? resolved.block.transactions.length : view.open.transactionCount);
  }

  /** The transactions of a block as stored ("pending" = the open block), or undefined for an unknown block. */
  private blockTransactions(view: ChainView, block: BlockSelector): readonly StoredTransaction[] | undefined {
    const resolved = this.blocks.resolve(view, block);
    if (!resolved) return undefined;
    if (resolved.kind === 'pending') return view.open.records();
    return resolved.block.transactions.map((hash) => view.transaction(hash)!);
  }
}
