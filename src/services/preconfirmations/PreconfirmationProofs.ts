import { RLP } from '@ethereumjs/rlp';
import { ProvableTrie } from '../../chain/ProvableTrie.js';
import { UNSEALED_BLOCK_HASH, withBlockHash } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import { encodeStoredReceipt } from '../../chain/storedReceiptEncoding.js';
import type { SignedCommitment } from '../../chain/subBlockCommitment.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import { blockTimestampOf } from '../views/blockTimestampOf.js';
import { storedTransactionView } from '../views/storedTransactionView.js';
import type { PreconfirmationAnswer } from './PreconfirmationAnswer.js';

/** Tries kept built: a few blocks' prefixes (each sub-block's, while clients ask about it). */
const CACHED_TRIES = 32;

interface BlockPrefixTries {
  transactions: ProvableTrie;
  receipts: ProvableTrie;
  /** Each transaction's first log index in the block. */
  firstLogIndexes: Hex[];
}

/**
 * Builds the answers of sequin_getPreconfirmation (issue 26): a stored transaction with its receipt, the
 * signed commitment it is proven against — its sub-block's while pre-confirmed, the block's last once
 * sealed (whose roots are the header's) — and the Merkle proofs in that commitment's roots. The tries of a
 * block's first n transactions are built once and kept for the next questions about the same commitment.
 */
export class PreconfirmationProofs {
  private readonly tries = new Map<string, BlockPrefixTries>();

  constructor(private readonly chainId: bigint) {}

  /** The answer for `stored` as `view` has it, or null when no signed commitment covers it (a chain without a sequencer key). */
  answer(view: ChainView, stored: StoredTransaction): PreconfirmationAnswer | null {
    const commitments = view.commitments(stored.blockNumber);
    const sealed = view.block(stored.blockNumber);
    const own = commitments.findIndex((signed) => Number(signed.commitment.index) === stored.subBlockIndex);
    const last = sealed ? commitments.length - 1 : own;
    if (own < 0 || last < own || Number(commitments[last]!.commitment.index) !== last) return null;
    const signed = commitments[last]!;
    const index = stored.transactionIndex;
    const tries = this.triesOf(view, stored.blockNumber, signed);
    const blockHash = sealed?.hash ?? UNSEALED_BLOCK_HASH;
    const blockTimestamp = blockTimestampOf(view, stored);
    const before = own > 0 ? commitments[own - 1]!.commitment : undefined;
    const firstIndex = before ? Number(before.transactionCount) : 0;
    const firstLogIndexes = tries.firstLogIndexes.slice(firstIndex, Number(commitments[own]!.commitment.transactionCount));
    return {
      transaction: storedTransactionView(stored, blockHash, blockTimestamp),
      receipt: withBlockHash(stored.receipt, blockHash, blockTimestamp),
      commitment: { ...signed.commitment, chainId: toQuantity(this.chainId) },
      signature: signed.signature,
      proof: {
        commitments: commitments.slice(Math.max(own - 1, 0), last).map((earlier) => earlier.commitment),
        firstLogIndexes,
        transaction: tries.transactions.proof(index),
        receipt: tries.receipts.proof(index),
        ...(index > 0 ? { previousReceipt: tries.receipts.proof(index - 1) } : {}),
        ...(sealed ? { header: headerOf(view, stored.blockNumber) } : {}),
      },
    };
  }

  /** The tries of the block's transactions up to `signed`'s count, built once per commitment. */
  private triesOf(view: ChainView, blockNumber: number, signed: SignedCommitment): BlockPrefixTries {
    const key = `${view.epoch}:${blockNumber}:${signed.hash}`;
    let tries = this.tries.get(key);
    if (tries) {
      // Most recently used last.
      this.tries.delete(key);
      this.tries.set(key, tries);
      return tries;
    }
    const records = this.records(view, blockNumber, 0, Number(signed.commitment.transactionCount));
    let logCount = 0;
    tries = {
      transactions: new ProvableTrie(records.map((record) => hexToBytes(record.raw))),
      receipts: new ProvableTrie(records.map((record) => encodeStoredReceipt(record.receipt))),
      firstLogIndexes: records.map((record) => {
        const first = toQuantity(logCount);
        logCount += record.receipt.logs.length;
        return first;
      }),
    };
    if (bytesToHex(tries.transactions.root) !== signed.commitment.transactionsRoot || bytesToHex(tries.receipts.root) !== signed.commitment.receiptsRoot) {
      throw new Error(`block ${blockNumber}: its stored transactions do not have the roots of commitment ${signed.hash}`);
    }
    this.tries.set(key, tries);
    if (this.tries.size > CACHED_TRIES) this.tries.delete(this.tries.keys().next().value!);
    return tries;
  }

  /** The block's stored transactions `from`..`to` (exclusive) as `view` has them. */
  private records(view: ChainView, blockNumber: number, from: number, to: number): StoredTransaction[] {
    if (blockNumber === view.open.number) return view.open.records().slice(from, to) as StoredTransaction[];
    const hashes = view.block(blockNumber)?.transactions ?? [];
    return hashes.slice(from, to).map((hash) => view.transaction(hash)!);
  }
}

/** The sealed header of block `number` (RLP), from the block's stored RLP. */
function headerOf(view: ChainView, number: number): Hex {
  const raw = view.rawBlock(number);
  if (!raw) throw new Error(`block ${number} has no stored RLP to prove its header with`);
  const [header] = RLP.decode(raw) as unknown as [Uint8Array[]];
  return bytesToHex(RLP.encode(header));
}
