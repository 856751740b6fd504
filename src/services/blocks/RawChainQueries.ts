import type { StoredBlock } from '../../chain/records.js';
import { storedBlockRlp, storedHeaderRlp, storedReceiptRlp } from '../../chain/storedRecordRlp.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import type { BlockSelector } from '../../primitives/blockTag.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockSelection } from '../BlockSelection.js';

/**
 * The debug_getRaw* methods: a sealed block, its header and its receipts in their consensus
 * (RLP) encoding, and a transaction's EIP-2718 bytes, each from one {@link ChainView}. A block is
 * served as the bytes stored when it was sealed or imported: its record keeps uncles only by hash. The open
 * block has no header yet: "pending" names the last sealed block, as every other read without
 * pre-confirmed transactions does, and is refused once it has some (it has no RLP yet).
 */
export class RawChainQueries {
  constructor(
    private readonly views: ViewSource,
    private readonly blocks: BlockSelection,
    private readonly pool: Pick<TxPool, 'get'>,
  ) {}

  rawHeader(selector: BlockSelector): Uint8Array {
    return storedHeaderRlp(this.sealed(this.views.current(), selector, 'header'));
  }

  /** The block's bytes as sealed or imported (uncles included), else re-encoded from its record. */
  rawBlock(selector: BlockSelector): Uint8Array {
    const view = this.views.current();
    const block = this.sealed(view, selector, 'block');
    const stored = view.rawBlock(Number(block.number));
    if (stored !== undefined) return stored;
    return storedBlockRlp(
      block,
      view.transactionsOf(block).map((stored) => hexToBytes(stored.raw)),
    );
  }

  rawReceipts(selector: BlockSelector): Uint8Array[] {
    const view = this.views.current();
    return view.transactionsOf(this.sealed(view, selector, 'block')).map((stored) => storedReceiptRlp(stored.receipt));
  }

  /** A sealed, pre-confirmed or pooled transaction's bytes; null when unknown (geth answers null too). */
  rawTransaction(hash: Hex): Uint8Array | null {
    const stored = this.views.current().transaction(hash);
    if (stored) return hexToBytes(stored.raw);
    return this.pool.get(hash)?.raw ?? null;
  }

  /** The sealed block selected; else -32000 "header not found" or "block #… not found", as geth words each. */
  private sealed(view: ChainView, selector: BlockSelector, missing: 'header' | 'block'): StoredBlock {
    const resolved = this.blocks.resolve(view, selector);
    if (resolved?.kind !== 'sealed') throw new NotFoundError(missing === 'header' ? { kind: 'header' } : { kind: 'block', block: selector });
    return resolved.block;
  }
}
