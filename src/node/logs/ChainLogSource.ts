import { type ChainStore, UNSEALED_BLOCK_HASH } from '../../chain/ChainStore.js';
import type { StoredLog, StoredReceipt } from '../../chain/records.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import type { OpenBlock } from '../../sequencer/OpenBlock.js';

/** A log as served: its block hash (zero while pre-confirmed) and `removed: false` (there are no reorgs). */
export type LogView = StoredLog & { blockHash: Hex; removed: false };

/** One block as a log query sees it: its number, its logs bloom and (read on demand) its logs in order. */
export interface BlockLogs {
  number: number;
  bloom: Uint8Array;
  logs(): LogView[];
}

/** Blocks by number, as a log scan reads them ({@link ChainLogSource} is the real one). */
export interface LogBlocks {
  /** Block `number`, or undefined when it does not exist (yet). */
  block(number: number): BlockLogs | undefined;
}

/**
 * The chain as log queries and filters read it, block by block: sealed blocks up to the head, then the open block (head + 1)
 * with the logs of its pre-confirmed transactions. Logs keep their log index when their block is
 * sealed, so a position (block, log index) stays valid across the seal.
 */
export class ChainLogSource implements LogBlocks {
  constructor(
    private readonly chain: ChainStore,
    private readonly openBlock: () => OpenBlock,
  ) {}

  /** The number of the last sealed block. */
  head(): number {
    return this.chain.head()!.number;
  }

  /** The open block's number (head + 1) and how many logs its pre-confirmed txs have emitted so far. */
  open(): { number: number; logCount: number } {
    const open = this.openBlock();
    return { number: open.number, logCount: open.logCount };
  }

  /** The hash of sealed block `number`, or undefined. */
  sealedBlockHash(number: number): Hex | undefined {
    return this.chain.blockByNumber(number)?.hash;
  }

  /** The number of the sealed block with this hash, or undefined. */
  numberOf(blockHash: Hex): number | undefined {
    const block = this.chain.blockByHash(blockHash);
    return block ? Number(block.number) : undefined;
  }

  /** Block `number`: sealed, the open block, or undefined beyond it. */
  block(number: number): BlockLogs | undefined {
    const sealed = this.chain.blockByNumber(number);
    if (sealed) {
      return { number, bloom: hexToBytes(sealed.logsBloom), logs: () => this.logsOf(sealed.transactions, sealed.hash) };
    }
    const open = this.openBlock();
    if (number !== open.number) return undefined;
    return {
      number,
      bloom: open.bloom,
      logs: () =>
        this.logsOf(
          open.transactions.map(({ hash }) => hash),
          UNSEALED_BLOCK_HASH,
        ),
    };
  }

  private logsOf(transactionHashes: readonly Hex[], blockHash: Hex): LogView[] {
    const logs: LogView[] = [];
    for (const hash of transactionHashes) {
      const receipt: StoredReceipt = this.chain.transaction(hash)!.receipt;
      for (const log of receipt.logs) logs.push({ ...log, blockHash, removed: false });
    }
    return logs;
  }
}
