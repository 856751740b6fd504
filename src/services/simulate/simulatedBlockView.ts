import type { BlockHeader } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { RpcLog } from '../../chain/receiptView.js';
import { effectiveGasPrice } from '../../execution/executeTransaction.js';
import type { SimulatedBlock, SimulatedCallResult } from '../../execution/simulation/simulateBlocks.js';
import type { SimulatedLog } from '../../execution/simulation/TransferLogTracer.js';
import { bytesToHex, type Hex, toQuantity } from '../../primitives/hex.js';
import { transactionFields } from '../../sequencer/transactionRecord.js';
import type { RpcBlock } from '../views/RpcBlock.js';
import type { RpcTransaction } from '../views/storedTransactionView.js';

/**
 * A call's failure as the service reports it; the RPC edge gives it geth's code (3 for a revert,
 * with the revert data; -32015 for an EVM error).
 */
export interface SimulatedCallFailure {
  kind: 'reverted' | 'vmError';
  message: string;
  data?: Hex;
}

/** One call's outcome in a simulated block: its return data, logs, gas, status and failure. */
export interface SimulatedRpcCall {
  returnData: Hex;
  logs: RpcLog[];
  gasUsed: Hex;
  maxUsedGas: Hex;
  status: Hex;
  error?: SimulatedCallFailure;
}

/** A simulated block as the service answers it: a sealed block's shape, plus each call's outcome. */
export type SimulatedRpcBlock = RpcBlock<Hex | RpcTransaction> & { calls: SimulatedRpcCall[] };

/** The header fields of a simulated block. */
type HeaderFields = Omit<RpcBlock, 'size' | 'uncles' | 'transactions' | 'withdrawals'>;

/**
 * One simulated block as geth's eth_simulateV1 answers it: the block (as eth_getBlockByNumber would
 * show it, transactions as hashes or objects, `from` the call's sender) plus `calls`, each call's
 * return data, logs (with the block's hash and timestamp), gas used, gas needed and status.
 */
export function simulatedBlockView(block: SimulatedBlock, fullTransactions: boolean): SimulatedRpcBlock {
  const { header } = block;
  const blockHash = bytesToHex(header.hash());
  const context = { blockHash, blockNumber: toQuantity(header.number), blockTimestamp: toQuantity(header.timestamp) };
  const hashes = block.transactionHashes.map((hash) => bytesToHex(hash));
  const view: SimulatedRpcBlock = {
    ...headerFields(header, blockHash),
    size: toQuantity(block.size),
    transactions: fullTransactions
      ? block.transactions.map((transaction, index) => transactionView(transaction, index, hashes[index]!, block.senders[index]!, header, context))
      : hashes,
    uncles: [],
    // The calls are the transactions after those the block opens with (an OP Stack chain's L1-attributes deposit).
    calls: block.calls.map((call, index) => {
      const position = block.openingCount + index;
      return callView(call, { ...context, transactionHash: hashes[position]!, transactionIndex: toQuantity(position) });
    }),
  };
  if (block.withdrawals !== undefined) {
    view.withdrawals = block.withdrawals.map((withdrawal) => ({
      index: toQuantity(withdrawal.index),
      validatorIndex: toQuantity(withdrawal.validatorIndex),
      address: bytesToHex(withdrawal.address),
      amount: toQuantity(withdrawal.amount),
    }));
  }
  return view;
}

/** A header's fields in geth's RPC shape; those of later forks only when the header has them. */
function headerFields(header: BlockHeader, hash: Hex): HeaderFields {
  const fields: HeaderFields = {
    number: toQuantity(header.number),
    hash,
    parentHash: bytesToHex(header.parentHash),
    nonce: bytesToHex(header.nonce),
    mixHash: bytesToHex(header.mixHash),
    sha3Uncles: bytesToHex(header.uncleHash),
    logsBloom: bytesToHex(header.logsBloom),
    stateRoot: bytesToHex(header.stateRoot),
    miner: bytesToHex(header.coinbase.bytes),
    difficulty: toQuantity(header.difficulty),
    extraData: bytesToHex(header.extraData),
    gasLimit: toQuantity(header.gasLimit),
    gasUsed: toQuantity(header.gasUsed),
    timestamp: toQuantity(header.timestamp),
    transactionsRoot: bytesToHex(header.transactionsTrie),
    receiptsRoot: bytesToHex(header.receiptTrie),
  };
  if (header.baseFeePerGas !== undefined) fields.baseFeePerGas = toQuantity(header.baseFeePerGas);
  if (header.withdrawalsRoot !== undefined) fields.withdrawalsRoot = bytesToHex(header.withdrawalsRoot);
  if (header.blobGasUsed !== undefined) fields.blobGasUsed = toQuantity(header.blobGasUsed);
  if (header.excessBlobGas !== undefined) fields.excessBlobGas = toQuantity(header.excessBlobGas);
  if (header.parentBeaconBlockRoot !== undefined) fields.parentBeaconBlockRoot = bytesToHex(header.parentBeaconBlockRoot);
  if (header.requestsHash !== undefined) fields.requestsHash = bytesToHex(header.requestsHash);
  return fields;
}

function transactionView(
  transaction: TypedTransaction,
  index: number,
  hash: Hex,
  sender: Uint8Array,
  header: BlockHeader,
  context: { blockHash: Hex; blockNumber: Hex; blockTimestamp: Hex },
): RpcTransaction {
  return {
    ...transactionFields(transaction, hash, bytesToHex(sender), effectiveGasPrice(transaction, header.baseFeePerGas ?? 0n)),
    ...context,
    transactionIndex: toQuantity(index),
  };
}

function callView(
  call: SimulatedCallResult,
  context: { blockHash: Hex; blockNumber: Hex; blockTimestamp: Hex; transactionHash: Hex; transactionIndex: Hex },
): SimulatedRpcCall {
  const view: SimulatedRpcCall = {
    returnData: bytesToHex(call.returnData),
    logs: call.logs.map((log) => logView(log, context)),
    gasUsed: toQuantity(call.gasUsed),
    maxUsedGas: toQuantity(call.maxUsedGas),
    status: call.success ? '0x1' : '0x0',
  };
  if (call.failure) {
    const failure: SimulatedCallFailure = { kind: call.failure.kind, message: call.failure.message };
    if (call.failure.kind === 'reverted') failure.data = bytesToHex(call.failure.data);
    view.error = failure;
  }
  return view;
}

function logView(log: SimulatedLog, context: { blockHash: Hex; blockNumber: Hex; blockTimestamp: Hex; transactionHash: Hex; transactionIndex: Hex }): RpcLog {
  return {
    address: `0x${log.address}`,
    topics: log.topics.map((topic) => bytesToHex(topic)),
    data: bytesToHex(log.data),
    blockNumber: context.blockNumber,
    transactionHash: context.transactionHash,
    transactionIndex: context.transactionIndex,
    blockHash: context.blockHash,
    blockTimestamp: context.blockTimestamp,
    logIndex: toQuantity(log.index),
    removed: false,
  };
}
