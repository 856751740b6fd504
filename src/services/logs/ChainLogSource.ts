import { logInBlock, type RpcLog, UNSEALED_BLOCK_HASH } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import { type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';

/** One block as a log query sees it: its number, its logs bloom and (read on demand) its logs in order. */
export interface BlockLogs {
  number: number;
  bloom: Uint8Array;
  logs(): RpcLog[];
}

/** Blocks by number, as a log scan reads them ({@link ChainLogSource} is the real one). */
export interface LogBlocks {
  /** Block `number`, or undefined when it does not exist (yet). */
  block(number: number): BlockLogs | undefined;
}

/**
 * One chain view as log queries and filters read it, block by block: sealed blocks up to the
 * view's head, then the open block (head + 1) with the logs of its pre-confirmed transactions.
 * Logs keep their log index when their block is sealed, so a position (block, log index) stays
 * valid across the seal.
 */
export class ChainLogSource implements LogBlocks {
  constructor(private readonly view: ChainView) {}

  /** The number of the last sealed block. */
  head(): number {
    return this.view.headNumber;
  }

  /** The open block's number (head + 1) and how many logs its pre-confirmed txs have emitted so far. */
  open(): { number: number; logCount: number } {
    return { number: this.view.open.number, logCount: this.view.open.logCount };
  }

  /** The hash of sealed block `number`, or undefined. */
  sealedBlockHash(number: number): Hex | undefined {
    return this.view.block(number)?.hash;
  }

  /** The number of the sealed block with this hash, or undefined. */
  numberOf(blockHash: Hex): number | undefined {
    const block = this.view.blockByHash(blockHash);
    return block ? Number(block.number) : undefined;
  }

  /** Block `number`: sealed, the open block, or undefined beyond it. */
  block(number: number): BlockLogs | undefined {
    const { view } = this;
    const sealed = view.block(number);
    if (sealed) {
      return {
        number,
        bloom: hexToBytes(sealed.logsBloom),
        logs: () => logsOf(view.transactionsOf(sealed), sealed.hash, sealed.timestamp),
      };
    }
    if (number !== view.open.number) return undefined;
    return { number, bloom: view.open.bloom, logs: () => logsOf(view.open.records(), UNSEALED_BLOCK_HASH, toQuantity(view.open.timestamp)) };
  }
}

function logsOf(transactions: readonly StoredTransaction[], blockHash: Hex, blockTimestamp: Hex): RpcLog[] {
  const logs: RpcLog[] = [];
  for (const transaction of transactions) for (const log of transaction.receipt.logs) logs.push(logInBlock(log, blockHash, blockTimestamp));
  return logs;
}
