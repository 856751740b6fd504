import { logInBlock, UNSEALED_BLOCK_HASH } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import type { Hex } from '../../primitives/hex.js';
import { toQuantity } from '../../primitives/hex.js';
import { RawJson } from '../../primitives/RawJson.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { blockTimestampOf } from '../views/blockTimestampOf.js';
import { pendingBlockOf } from '../views/pendingBlockView.js';
import { storedTransactionView } from '../views/storedTransactionView.js';

/** Where a tx stands in pre-confirmation order; sent beside each newPreconfBlockTransactions result. */
export interface PositionCursor {
  blockNumber: Hex;
  transactionIndex: Hex;
  subBlockIndex: Hex;
}

/**
 * Whose shape a full transaction payload takes while its block is open. Both carry `blockHash`
 * null on the transaction; its logs carry null in Sequin's (newPreconfBlockTransactions) and the
 * zero hash in Base's (newFlashblockTransactions), as Base's node builds them from its
 * pre-confirmed receipts (and as Sequin's own receipts and eth_getLogs show them).
 */
export type PayloadShape = 'sequin' | 'base';

/** How many serialized payloads are kept: a few sub-blocks' worth, shared by every subscriber. */
const KEPT = 4096;

/**
 * The payloads of the pre-confirmation subscriptions, built and serialized once however many
 * subscribers receive them (100 subscribers of a 2,000-tx burst would otherwise serialize 200,000
 * objects): each transaction's full form (the transaction with its receipt's fields flattened in;
 * `blockHash` null until the block is sealed), and the pending block after each sub-block.
 */
export class PreconfirmedPayloads {
  private readonly full = new Map<string, RawJson>();
  private lastPendingBlock: { key: string; payload: RawJson } | undefined;

  /** The full payload of `stored`, serialized. `blockHash` is its sealed block's in `view`, else null. */
  fullPayload(stored: StoredTransaction, view: ChainView, shape: PayloadShape): RawJson {
    // Keyed by epoch too: after a rewind the same transaction may be pre-confirmed elsewhere.
    const key = `${shape}:${view.epoch}:${stored.fields.hash as string}`;
    let payload = this.full.get(key);
    if (payload !== undefined) return payload;
    const blockHash = view.block(stored.blockNumber)?.hash ?? null;
    const logsBlockHash = blockHash ?? (shape === 'base' ? UNSEALED_BLOCK_HASH : null);
    payload = new RawJson(JSON.stringify(flatten(stored, blockHash, logsBlockHash, blockTimestampOf(view, stored))));
    // Only pre-confirmed payloads are shared: sealing changes blockHash, and replays of sealed txs are rare.
    if (blockHash === null) this.remember(key, payload);
    return payload;
  }

  /**
   * The open block of `view` with full transactions, serialized (what newFlashblocks sends). Every
   * subscriber is sent the same sub-block's block, so only the last one is kept.
   */
  pendingBlock(view: ChainView): RawJson {
    const key = `${view.epoch}:${view.open.number}:${view.open.subBlockCount}`;
    if (this.lastPendingBlock?.key !== key) this.lastPendingBlock = { key, payload: new RawJson(JSON.stringify(pendingBlockOf(view, true))) };
    return this.lastPendingBlock.payload;
  }

  private remember(key: string, payload: RawJson): void {
    if (this.full.size >= KEPT) this.full.delete(this.full.keys().next().value as string);
    this.full.set(key, payload);
  }
}

/** The resume cursor of a stored tx. */
export function cursorOf(stored: StoredTransaction): PositionCursor {
  return {
    blockNumber: toQuantity(stored.blockNumber),
    transactionIndex: toQuantity(stored.transactionIndex),
    subBlockIndex: toQuantity(stored.subBlockIndex),
  };
}

function flatten(stored: StoredTransaction, blockHash: Hex | null, logsBlockHash: Hex | null, blockTimestamp: Hex): Record<string, unknown> {
  const { receipt } = stored;
  return {
    ...storedTransactionView(stored, blockHash, blockTimestamp),
    status: receipt.status,
    gasUsed: receipt.gasUsed,
    cumulativeGasUsed: receipt.cumulativeGasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    contractAddress: receipt.contractAddress,
    logsBloom: receipt.logsBloom,
    logs: receipt.logs.map((log) => logInBlock(log, logsBlockHash, blockTimestamp)),
  };
}
