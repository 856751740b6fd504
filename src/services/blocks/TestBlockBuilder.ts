/**
 * testing_buildBlockV1 (execution-apis): builds the block after `parentHash` from the given raw
 * transactions (all must apply) or, when none are given (null), from the pool's transactions that
 * apply, and answers it as the engine API's `engine_getPayloadV4` envelope. The block is built on
 * the parent's state in one {@link ChainView} by execution/block/buildBlock.ts and kept nowhere: trie
 * nodes go to a scratch layer, the chain and the pool are untouched.
 *
 * The parent may be any sealed block of the chain, not only the head as geth requires: in interval
 * mining the head moves every block time, so the block a client read as `latest` a moment ago is
 * often no longer the head when its build request arrives. An unknown hash is refused with geth's
 * "parentHash is not current head".
 *
 * Header fields follow the parent and the block's fork as the sequencer's would (base fee, excess
 * blob gas; on a chain from a geth genesis file the gas limit steps toward `--block-gas-limit`,
 * on Sequin's own chain it is that limit), the rest come from the payload attributes: timestamp,
 * PREVRANDAO, fee recipient, withdrawals and parent beacon block root.
 */

import type { Common } from '@ethereumjs/common';
import type { TypedTransaction } from '@ethereumjs/tx';
import { headerFieldsAfter } from '../../chain/headerFieldsAfter.js';
import type { StoredWithdrawal } from '../../chain/records.js';
import { SimulationError } from '../../errors/SimulationError.js';
import { applyStateChanges } from '../../execution/applyStateChanges.js';
import type { BlockOpening } from '../../execution/block/BlockRules.js';
import type { BuildBlockRequest } from '../../execution/block/BuildBlockRequest.js';
import { type BuiltBlock, buildBlock } from '../../execution/block/buildBlock.js';
import { createExecutionVm } from '../../execution/createExecutionVm.js';
import { decodeTransaction } from '../../execution/decodeTransaction.js';
import { OverlayStateReader } from '../../execution/OverlayStateReader.js';
import { ScratchTrieNodes } from '../../execution/ScratchTrieNodes.js';
import { TrieNodeStore } from '../../execution/TrieNodeStore.js';
import { bytesToHex, type Hex, hexToBytes, toQuantity } from '../../primitives/hex.js';
import type { ChainView } from '../../sequencer/ChainView.js';
import type { ViewSource } from '../../sequencer/ChainViews.js';
import type { Storage } from '../../storage/Storage.js';
import type { TxPool } from '../../txpool/TxPool.js';
import type { BlockSelection } from '../BlockSelection.js';

/** What {@link TestBlockBuilder} reads. */
export interface TestBlockBuilderParts {
  common: Common;
  storage: Storage;
  views: ViewSource;
  pool: Pick<TxPool, 'contents'>;
  /** The state after a sealed block (the parent's, when it is not the head). */
  selection: Pick<BlockSelection, 'stateAt'>;
  /** --block-gas-limit. */
  gasLimit: bigint;
  /** True on a chain from a geth genesis file: the gas limit moves toward `gasLimit` by the protocol's step. */
  stepGasLimit: boolean;
  /** What a block opens with, as the sequencer's next block would (an OP Stack chain's L1-attributes deposit). */
  opening?: BlockOpening;
}

export class TestBlockBuilder {
  constructor(private readonly parts: TestBlockBuilderParts) {}

  /** The built block as an `engine_getPayloadV4` envelope; -32000 when the parent is not a sealed block of the chain or a given transaction does not apply. */
  async buildBlock(request: BuildBlockRequest): Promise<RpcPayloadEnvelope> {
    const view = this.parts.views.current();
    const parent = view.blockByHash(request.parentHash.toLowerCase());
    if (parent === undefined) throw new SimulationError({ kind: 'parentNotHead' });
    const parentState = this.parts.selection.stateAt(view, { kind: 'hash', hash: parent.hash });
    const { attributes } = request;
    if (attributes.timestamp <= BigInt(parent.timestamp)) {
      throw new SimulationError({ kind: 'invalidTimestamp', parent: BigInt(parent.timestamp), given: attributes.timestamp });
    }
    const fields = headerFieldsAfter(this.parts.common, parent, attributes.timestamp, this.parts.gasLimit);
    const { rules } = fields;
    const london = rules.isActivatedEIP(1559);
    const cancun = rules.isActivatedEIP(4844);
    const execution = await createExecutionVm(this.parts.common, parentState, (number) => chainHash(view, number));
    const parentRoot = hexToBytes(parent.stateRoot);
    const trieNodes = new TrieNodeStore(this.parts.storage);
    const built = await buildBlock({
      execution,
      rules,
      draft: {
        parentHash: hexToBytes(parent.hash),
        number: BigInt(parent.number) + 1n,
        timestamp: attributes.timestamp,
        coinbase: attributes.suggestedFeeRecipient,
        gasLimit: this.parts.stepGasLimit ? fields.gasLimit : this.parts.gasLimit,
        difficulty: fields.difficulty,
        mixHash: attributes.prevRandao,
        extraData: request.extraData,
        baseFeePerGas: london ? fields.baseFeePerGas : undefined,
        excessBlobGas: cancun ? fields.excessBlobGas : undefined,
        parentBeaconBlockRoot: cancun ? (attributes.parentBeaconBlockRoot ?? new Uint8Array(32)) : undefined,
        withdrawals: attributes.withdrawals,
      },
      candidates: request.transactions === null ? this.pooledTransactions() : request.transactions.map((raw, index) => decode(raw, index, rules)),
      inclusion: request.transactions === null ? 'applicable' : 'all',
      ...(this.parts.opening ? { opening: this.parts.opening } : {}),
      stateRootOf: async (changes) => {
        const { stateRoot } = await applyStateChanges({
          parentRoot,
          changes,
          finalState: new OverlayStateReader(parentState, changes),
          parentState,
          nodes: new ScratchTrieNodes(trieNodes),
        });
        return stateRoot;
      },
    });
    return payloadEnvelope(built);
  }

  /** The pool's transactions, each sender's in nonce order (those that do not apply are left out by the build). */
  private pooledTransactions(): TypedTransaction[] {
    const transactions: TypedTransaction[] = [];
    for (const bySender of this.parts.pool.contents().values()) {
      for (const nonce of [...bySender.keys()].sort((a, b) => (a < b ? -1 : 1))) {
        const pooled = bySender.get(nonce)!;
        if (!pooled.impersonated) transactions.push(pooled.transaction);
      }
    }
    return transactions;
  }
}

/** A given raw transaction decoded under the block's rules; one that does not decode fails the build. */
function decode(raw: Uint8Array, index: number, rules: Common): TypedTransaction {
  try {
    return decodeTransaction(raw, rules);
  } catch {
    throw new SimulationError({ kind: 'invalidBlockTransaction', rejection: { kind: 'other', message: `transaction ${index} is not valid` } });
  }
}

/** An execution payload (engine API V3/V4): the header fields under their engine names, the raw transactions. */
export interface RpcExecutionPayload {
  parentHash: Hex;
  feeRecipient: Hex;
  stateRoot: Hex;
  receiptsRoot: Hex;
  logsBloom: Hex;
  prevRandao: Hex;
  blockNumber: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  timestamp: Hex;
  extraData: Hex;
  baseFeePerGas: Hex;
  blockHash: Hex;
  transactions: Hex[];
  withdrawals?: StoredWithdrawal[];
  blobGasUsed?: Hex;
  excessBlobGas?: Hex;
}

/** The `engine_getPayloadV4` response testing_buildBlockV1 answers. */
export interface RpcPayloadEnvelope {
  executionPayload: RpcExecutionPayload;
  blockValue: Hex;
  blobsBundle: { commitments: Hex[]; proofs: Hex[]; blobs: Hex[] };
  executionRequests: Hex[];
  shouldOverrideBuilder: boolean;
}

/** The `engine_getPayloadV4` response: the execution payload, its value, no blobs, the requests. */
function payloadEnvelope(built: BuiltBlock): RpcPayloadEnvelope {
  const { header } = built;
  const payload: RpcExecutionPayload = {
    parentHash: bytesToHex(header.parentHash),
    feeRecipient: bytesToHex(header.coinbase.bytes),
    stateRoot: bytesToHex(header.stateRoot),
    receiptsRoot: bytesToHex(header.receiptTrie),
    logsBloom: bytesToHex(header.logsBloom),
    prevRandao: bytesToHex(header.mixHash),
    blockNumber: toQuantity(header.number),
    gasLimit: toQuantity(header.gasLimit),
    gasUsed: toQuantity(header.gasUsed),
    timestamp: toQuantity(header.timestamp),
    extraData: bytesToHex(header.extraData),
    baseFeePerGas: toQuantity(header.baseFeePerGas ?? 0n),
    blockHash: bytesToHex(header.hash()),
    transactions: built.transactions.map((transaction) => bytesToHex(transaction.serialize())),
  };
  if (built.withdrawals !== undefined) {
    payload.withdrawals = built.withdrawals.map((withdrawal) => ({
      index: toQuantity(withdrawal.index),
      validatorIndex: toQuantity(withdrawal.validatorIndex),
      address: bytesToHex(withdrawal.address),
      amount: toQuantity(withdrawal.amount),
    }));
  }
  if (header.excessBlobGas !== undefined) {
    payload.blobGasUsed = toQuantity(header.blobGasUsed ?? 0n);
    payload.excessBlobGas = toQuantity(header.excessBlobGas);
  }
  return {
    executionPayload: payload,
    blockValue: toQuantity(built.blockValue),
    // Blob transactions are refused on submission and none can be given with their blobs: the bundle is empty.
    blobsBundle: { commitments: [], proofs: [], blobs: [] },
    executionRequests: (built.requests ?? [])
      .filter((request) => request.data.length > 0)
      .map((request) => bytesToHex(Buffer.concat([Uint8Array.of(request.type), request.data]))),
    shouldOverrideBuilder: false,
  };
}

function chainHash(view: ChainView, number: bigint): Uint8Array | undefined {
  const block = number <= BigInt(Number.MAX_SAFE_INTEGER) ? view.block(Number(number)) : undefined;
  return block ? hexToBytes(block.hash) : undefined;
}
