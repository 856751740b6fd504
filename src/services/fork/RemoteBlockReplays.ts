/**
 * Traces of a fork's history: the remote's transactions and blocks at or below the fork block,
 * as the trace service replays them. A block is fetched once with its transactions (cached like
 * all remote history); each transaction is encoded again from the remote's JSON (its signature
 * included), since nodes do not all serve raw transactions. The replay then runs on the remote's
 * state at the parent block, read lazily at that block number (ForkSource.historyState). A fork of an
 * OP chain (`--network`) rebuilds deposits from their fields too, so blocks opening with their
 * L1-attributes deposit replay (the deposit rules and L1 fees are the block rules').
 */
import type { Common } from '@ethereumjs/common';
import { createTxFromRPC } from '@ethereumjs/tx';
import type { StoredBlock } from '../../chain/records.js';
import { opStackOf } from '../../config/ScheduledCommon.js';
import { TracingFailedError } from '../../errors/TracingFailedError.js';
import { depositFromRpc } from '../../execution/opStack/depositFromRpc.js';
import type { ReplayedTransaction } from '../../execution/tracing/replayBlock.js';
import { type Hex, hexToBytes } from '../../primitives/hex.js';
import { type ForkHistory, quantity, type RemoteBlock, remoteBlockRecord } from './ForkHistory.js';

/** A remote block ready to replay. */
export interface RemoteReplayBlock {
  block: StoredBlock;
  transactions: ReplayedTransaction[];
}

export class RemoteBlockReplays {
  constructor(
    private readonly history: ForkHistory,
    private readonly common: Common,
  ) {}

  /** The fork block's number: blocks up to it are the remote's. */
  get forkNumber(): bigint {
    return this.history.number;
  }

  /** Where the remote mined `hash`, when it is the fork's history (at or below the fork block). */
  transactionAt(hash: Hex): { blockNumber: number; index: number } | undefined {
    const remote = this.history.call<{ blockNumber?: Hex; transactionIndex?: Hex } | null>('eth_getTransactionByHash', [hash]);
    if (!this.history.isForkHistory(remote) || remote?.transactionIndex === undefined) return undefined;
    return { blockNumber: Number(BigInt(remote.blockNumber!)), index: Number(BigInt(remote.transactionIndex)) };
  }

  /** The remote block `number` (at or below the fork block) with its transactions, or undefined when the remote has none. */
  async block(number: number): Promise<RemoteReplayBlock | undefined> {
    const remote = this.history.call<RemoteBlock | null>('eth_getBlockByNumber', [quantity(BigInt(number)), true]);
    if (!remote) return undefined;
    const transactions = Array.isArray(remote.transactions) ? (remote.transactions as Array<Record<string, unknown>>) : [];
    return { block: remoteBlockRecord(remote), transactions: await Promise.all(transactions.map((transaction) => this.replayed(transaction))) };
  }

  private async replayed(transaction: Record<string, unknown>): Promise<ReplayedTransaction> {
    try {
      // An OP chain's deposit (type 0x7E) from its own fields; anything else through createTxFromRPC,
      // which reads the remote's `gas` and `input` names.
      const decoded =
        (opStackOf(this.common) && depositFromRpc(transaction, this.common)) || (await createTxFromRPC(transaction as never, { common: this.common }));
      return { raw: decoded.serialize(), from: hexToBytes(transaction.from as Hex) };
    } catch {
      throw new TracingFailedError(`transaction ${String(transaction.hash)} of the forked chain (type ${String(transaction.type)}) cannot be replayed here`);
    }
  }
}
