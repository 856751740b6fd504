import { orBloom } from '../chain/receiptEncoding.js';
import type { StoredSubBlock, StoredTransaction } from '../chain/records.js';
import type { StateChanges } from '../execution/StateChanges.js';
import { bytesToHex, toQuantity } from '../primitives/hex.js';
import type { ExecutedPoolTransaction } from './executeFromPool.js';
import type { OpenBlock, SubBlockContents } from './OpenBlock.js';
import type { SealInput } from './OpenBlockView.js';
import { toStoredTransaction } from './transactionRecord.js';

/**
 * The next sub-block of `open` made of executed transactions (with their receipts, made by the block
 * lifecycle: see openBlockRun.ts) and/or state edits: its stored record, the transactions' stored
 * records and seal inputs, its gas, logs and bloom. Nothing is written here; the producer commits it.
 */
export function subBlockContents(options: {
  open: OpenBlock;
  executed: readonly ExecutedPoolTransaction[];
  changes: StateChanges;
  /** The block's cumulative gas after this sub-block. */
  gasUsed: bigint;
  /** Descriptions of the state edits (dev methods) this sub-block applies, if any. */
  stateEdits?: readonly string[];
}): SubBlockContents {
  const { open, executed, changes, gasUsed } = options;
  const index = open.subBlocks.length;
  const sealInputs: SealInput[] = [];
  const records: StoredTransaction[] = [];
  const bloom = new Uint8Array(256);
  let logIndex = open.logCount;
  for (const [offset, { result, source, receipt }] of executed.entries()) {
    records.push(
      toStoredTransaction(
        result,
        source.sender,
        { blockNumber: open.number, transactionIndex: open.transactions.length + offset, subBlockIndex: index, firstLogIndex: logIndex },
        source.raw,
      ),
    );
    logIndex += result.logs.length;
    orBloom(bloom, result.bloom);
    sealInputs.push({ hash: source.hash, raw: source.raw, receipt });
  }
  const subBlock: StoredSubBlock = {
    blockNumber: open.number,
    index,
    timestamp: Number(open.timestamp),
    baseFeePerGas: toQuantity(open.baseFeePerGas),
    gasLimit: toQuantity(open.gasLimit),
    miner: bytesToHex(open.coinbase),
    transactionHashes: sealInputs.map((input) => input.hash),
    cumulativeGasUsed: toQuantity(gasUsed),
    touchedAccounts: [...changes.accounts.keys()],
    touchedSlots: [...changes.storage].flatMap(([address, slots]) => [...slots.keys()].map((slot): [string, string] => [address, slot])),
    touchedCode: [...changes.code.keys()],
    ...(options.stateEdits && options.stateEdits.length > 0 ? { stateEdits: [...options.stateEdits] } : {}),
  };
  return { subBlock, sealInputs, records, changes, gasUsed: gasUsed - open.gasUsed, logCount: logIndex - open.logCount, bloom };
}
