import { UNSEALED_BLOCK_HASH } from '../../chain/receiptView.js';
import type { StoredTransaction } from '../../chain/records.js';
import { bytesToHex, type Hex, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { OpenBlockView } from '../../sequencer/OpenBlockView.js';
import type { RpcBlock } from './RpcBlock.js';
import { type RpcTransaction, transactionView } from './storedTransactionView.js';

/** keccak256 of the RLP of an empty list: the uncle hash of every post-merge block. */
const EMPTY_UNCLES_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
/** sha256 of no EIP-7685 requests: what every block Sequin seals carries (see chain/buildSealedBlock.ts). */
const EMPTY_REQUESTS_HASH = '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The open block of `view` as eth_getBlockByNumber("pending", fullTransactions) serves it while
 * sub-blocks are pre-confirmed; Base's newFlashblocks sends the same, full, after each sub-block.
 */
export function pendingBlockOf(view: ChainView, fullTransactions: false): RpcBlock;
export function pendingBlockOf(view: ChainView, fullTransactions: true): RpcBlock<RpcTransaction>;
export function pendingBlockOf(view: ChainView, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction>;
export function pendingBlockOf(view: ChainView, fullTransactions: boolean): RpcBlock<Hex | RpcTransaction> {
  return pendingBlockView(view.open, fullTransactions ? (record) => transactionView(view, record) : undefined);
}

/**
 * eth_getBlockByNumber("pending") while sub-blocks are pre-confirmed: the open block so far, in
 * the shape of a sealed block, as the OP Stack flashblocks spec shapes it: `hash` the zero hash
 * (a placeholder: the block has no hash before it is sealed), `nonce` the index of its latest
 * sub-block (the spec's "flashblock index"), and zero roots (none is computed before sealing).
 * Like the blocks it seals, it has a zero `parentBeaconBlockRoot` (no beacon chain) and the
 * `requestsHash` of no requests. `transactions` are the hashes, or what `fullTransaction` makes of each.
 */
export function pendingBlockView(
  open: OpenBlockView,
  fullTransaction: ((record: StoredTransaction) => RpcTransaction) | undefined,
): RpcBlock<Hex | RpcTransaction> {
  const records = open.records();
  const zero = UNSEALED_BLOCK_HASH;
  return {
    number: toQuantity(open.number),
    hash: zero,
    parentHash: bytesToHex(open.parentHash),
    nonce: subBlockNonce(Math.max(0, open.subBlockCount - 1)),
    sha3Uncles: EMPTY_UNCLES_HASH,
    logsBloom: bytesToHex(open.bloom),
    transactionsRoot: zero,
    stateRoot: zero,
    receiptsRoot: zero,
    miner: bytesToHex(open.coinbase),
    difficulty: '0x0',
    extraData: '0x',
    size: '0x0',
    gasLimit: toQuantity(open.gasLimit),
    gasUsed: toQuantity(open.gasUsed),
    timestamp: toQuantity(open.timestamp),
    mixHash: zero,
    baseFeePerGas: toQuantity(open.baseFeePerGas),
    withdrawals: [],
    withdrawalsRoot: zero,
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: zero,
    requestsHash: EMPTY_REQUESTS_HASH,
    uncles: [],
    transactions: fullTransaction ? records.map(fullTransaction) : records.map((record) => record.fields.hash),
  };
}

/** A sub-block index as a block `nonce`: 8 bytes, big-endian (0x0000000000000003 for sub-block 3). */
export function subBlockNonce(index: number): Hex {
  return `0x${index.toString(16).padStart(16, '0')}`;
}
