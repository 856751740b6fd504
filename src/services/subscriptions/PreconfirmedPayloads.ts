import { logInBlock } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import type { Hex } from '../../primitives/hex.js';
import { toQuantity } from '../../primitives/hex.js';
import { RawJson } from '../../primitives/RawJson.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { blockTimestampOf } from '../views/blockTimestampOf.js';
import { storedTransactionView } from '../views/storedTransactionView.js';

/** Where a tx stands in pre-confirmation order; sent beside each newPreconfBlockTransactions result. */
export interface PositionCursor {
  blockNumber: Hex;
  transactionIndex: Hex;
  subBlockIndex: Hex;
}

/** How many serialized payloads are kept: a few sub-blocks' worth, shared by every subscriber. */
const KEPT = 4096;

/**
 * The payloads of newPreconfBlockTransactions, built and serialized once per tx however many
 * subscribers receive it (100 subscribers of a 2,000-tx burst would otherwise serialize 200,000
 * objects). The full form is the transaction with its receipt's fields flattened in; its
 * `blockHash` is null until the block is sealed, and logs carry the same.
 */
export class PreconfirmedPayloads {
  private readonly full = new Map<string, RawJson>();

  /** The full payload of `stored`, serialized. `blockHash` is its sealed block's in `view`, else null. */
  fullPayload(stored: StoredTransaction, view: ChainView): RawJson {
    // Keyed by epoch too: after a rewind the same transaction may be pre-confirmed elsewhere.
    const hash = `${view.epoch}:${stored.fields.hash as string}`;
    let payload = this.full.get(hash);
    if (payload !== undefined) return payload;
    const blockHash = view.block(stored.blockNumber)?.hash ?? null;
    payload = new RawJson(JSON.stringify(flatten(stored, blockHash, blockTimestampOf(view, stored))));
    // Only pre-confirmed payloads are shared: sealing changes blockHash, and replays of sealed txs are rare.
    if (blockHash === null) this.remember(hash, payload);
    return payload;
  }

  private remember(hash: string, payload: RawJson): void {
    if (this.full.size >= KEPT) this.full.delete(this.full.keys().next().value as string);
    this.full.set(hash, payload);
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

function flatten(stored: StoredTransaction, blockHash: Hex | null, blockTimestamp: Hex): Record<string, unknown> {
  const { receipt } = stored;
  return {
    ...storedTransactionView(stored, blockHash, blockTimestamp),
    status: receipt.status,
    gasUsed: receipt.gasUsed,
    cumulativeGasUsed: receipt.cumulativeGasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    contractAddress: receipt.contractAddress,
    logsBloom: receipt.logsBloom,
    logs: receipt.logs.map((log) => logInBlock(log, blockHash, blockTimestamp)),
  };
}
