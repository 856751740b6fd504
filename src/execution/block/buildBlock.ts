/**
 * Builds a block on a parent without keeping it (testing_buildBlockV1), as geth's miner builds a
 * payload: on the parent's state, under the new block's fork, and nothing written anywhere.
 *
 *   block start (EIP-4788 beacon root, EIP-2935 parent hash), then what the block opens with (an OP
 *     Stack chain's L1-attributes deposit, from the node's simulated L1, as its next block would)
 *     → each candidate transaction: geth's checks first (nonce, fees, balance, intrinsic gas), then
 *       executed; one that cannot be applied fails the build ('all') or is left out ('applicable'); an
 *       OP Stack deposit is applied as it is (deposits have no such checks and are always included)
 *     → requests (Prague) → withdrawals (Shanghai) → proof-of-work rewards (before the merge)
 *     → state root (computed by the caller, on scratch trie nodes), receipts root, bloom, header, hash
 *
 * The block start, each transaction's receipt and fold, and the block end are the one lifecycle every
 * path runs (BlockRun.ts).
 */
import { type BlockHeader, createBlock, createBlockHeader } from '@ethereumjs/block';
import { type Common, Hardfork } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import type { TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import { EMPTY_UNCLES_HASH } from '../../chain/BlockHeaderFields.js';
import type { BlockRequests } from '../../chain/requestsHash.js';
import { orderedTrieRoot } from '../../chain/trieRoot.js';
import type { MessageRejection } from '../../errors/MessageRejection.js';
import { SimulationError } from '../../errors/SimulationError.js';
import { bigintToBytes, type Hex } from '../../primitives/hex.js';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { ExecutedTransaction } from '../executeTransaction.js';
import { isDeposit } from '../opStack/DepositTransaction.js';
import { L1FeeFundsError } from '../opStack/executeWithL1Fee.js';
import type { StateChanges } from '../StateChanges.js';
import { blobBaseFeeOf } from '../simulation/blobGas.js';
import { checkMessage } from '../simulation/checkMessage.js';
import type { SimulatedMessage } from '../simulation/simulatedTransaction.js';
import type { BlockOpening } from './BlockRules.js';
import { BlockRun } from './BlockRun.js';

/** An EIP-4895 withdrawal; the amount is in gwei. */
export interface PayloadWithdrawal {
  index: bigint;
  validatorIndex: bigint;
  address: Uint8Array;
  amount: bigint;
}

/** The header fields of the block to build that do not come from executing it. */
export interface BlockDraft {
  parentHash: Uint8Array;
  number: bigint;
  timestamp: bigint;
  coinbase: Uint8Array;
  gasLimit: bigint;
  difficulty: bigint;
  /** PREVRANDAO after the merge. */
  mixHash: Uint8Array;
  extraData: Uint8Array;
  /** From London; undefined before. */
  baseFeePerGas: bigint | undefined;
  /** From Cancun; undefined before. */
  excessBlobGas: bigint | undefined;
  /** From Cancun; undefined before. */
  parentBeaconBlockRoot: Uint8Array | undefined;
  /** From Shanghai; undefined before. */
  withdrawals: PayloadWithdrawal[] | undefined;
}

/** A built block: its header (with its hash), its transactions, withdrawals, requests and what it pays its fee recipient. */
export interface BuiltBlock {
  header: BlockHeader;
  transactions: TypedTransaction[];
  withdrawals: PayloadWithdrawal[] | undefined;
  /** From Prague: the EIP-7685 request lists, in type order (empty ones included). */
  requests: BlockRequests[] | undefined;
  /** Priority fees paid to the fee recipient, in wei: Σ (effective gas price − base fee) × gas used. */
  blockValue: bigint;
}

/** Options of {@link buildBlock}. */
export interface BuildBlockOptions {
  /** The VM, its state reset by the caller to the parent's state. */
  execution: ExecutionVm;
  /** The new block's fork. */
  rules: Common;
  draft: BlockDraft;
  /** The transactions to include, in order. */
  candidates: readonly TypedTransaction[];
  /** 'all': every candidate must apply, else the build fails; 'applicable': those that do not apply are left out. */
  inclusion: 'all' | 'applicable';
  /** The state root of the parent's state with `changes` on top, computed without keeping trie nodes. */
  stateRootOf: (changes: StateChanges) => Promise<Uint8Array>;
  /** What the block opens with before the candidates, as the sequencer's would (an OP Stack chain's L1-attributes deposit). */
  opening?: BlockOpening;
}

/**
 * Builds the block `draft` describes from `candidates` on `execution`'s state. Throws a
 * {@link SimulationError} (`invalidBlockTransaction`, geth's words) for a candidate that cannot be
 * applied when every candidate must be. The VM's state changes are taken (left empty).
 */
export async function buildBlock(options: BuildBlockOptions): Promise<BuiltBlock> {
  const { execution, rules, draft } = options;
  const executionBlock = createBlock(
    { header: { ...draft, blobGasUsed: draft.excessBlobGas === undefined ? undefined : 0n, withdrawalsRoot: undefined } },
    { common: rules, freeze: false, skipConsensusFormatValidation: true },
  );
  const baseFee = draft.baseFeePerGas;
  const blobBaseFee = rules.isActivatedEIP(4844) ? blobBaseFeeOf(rules, draft.excessBlobGas ?? 0n) : 0n;
  execution.state.computeStateRootsWith(rules.gteHardfork(Hardfork.Byzantium) ? undefined : options.stateRootOf);
  try {
    const run = new BlockRun(execution, executionBlock);
    const included: TypedTransaction[] = [];
    for (const transaction of await run.start(options.opening ?? {})) {
      await run.applyTransaction(transaction);
      included.push(transaction);
    }
    let blockValue = 0n;
    const live = execution.state.asReader();
    for (const transaction of options.candidates) {
      const refuse = (rejection: MessageRejection) => {
        if (options.inclusion === 'all') throw new SimulationError({ kind: 'invalidBlockTransaction', rejection });
      };
      if (transaction.gasLimit > draft.gasLimit - run.fold.gasUsed) {
        refuse({ kind: 'other', message: 'gas limit reached' });
        continue;
      }
      if (isDeposit(transaction)) {
        // An OP Stack deposit (a payload's forced transactions): no fee, nonce or balance checks, and
        // always included, failed or not, as op-geth applies deposits.
        await run.applyTransaction(transaction);
        included.push(transaction);
        continue;
      }
      let message: SimulatedMessage;
      try {
        message = messageOf(transaction, baseFee);
      } catch {
        refuse({ kind: 'other', message: 'invalid sender' });
        continue;
      }
      const rejection = checkMessage(live, transaction, message, { common: rules, baseFee, blobBaseFee, validate: true });
      if (rejection) {
        refuse(rejection);
        continue;
      }
      let executed: ExecutedTransaction;
      try {
        ({ executed } = await run.applyTransaction(transaction));
      } catch (error) {
        // What the checks above do not cover: an OP Stack chain's L1 fee (op-geth's insufficient funds), a
        // sender with code, an invalid authorization list …
        if (error instanceof L1FeeFundsError) refuse({ kind: 'insufficientFunds', address: error.address as Hex, balance: error.balance, cost: error.want });
        else refuse({ kind: 'other', message: 'transaction could not be applied' });
        continue;
      }
      blockValue += (executed.effectiveGasPrice - (baseFee ?? 0n)) * executed.gasUsed;
      included.push(transaction);
    }
    const withdrawals = rules.isActivatedEIP(4895) ? (draft.withdrawals ?? []) : undefined;
    const { requests, requestsHash } = await run.end({
      withdrawals: (withdrawals ?? []).map((withdrawal) => ({ address: new Address(withdrawal.address), amount: withdrawal.amount })),
    });
    const stateRoot = await options.stateRootOf(execution.state.takeChanges());
    const { fold } = run;
    const header = createBlockHeader(
      {
        ...draft,
        uncleHash: EMPTY_UNCLES_HASH,
        stateRoot,
        transactionsTrie: fold.tries.transactionsRoot(),
        receiptTrie: fold.tries.receiptsRoot(),
        logsBloom: fold.bloom,
        gasUsed: fold.gasUsed,
        nonce: new Uint8Array(8),
        withdrawalsRoot: withdrawals === undefined ? undefined : orderedTrieRoot(withdrawals.map((withdrawal) => RLP.encode(withdrawalFields(withdrawal)))),
        blobGasUsed: draft.excessBlobGas === undefined ? undefined : fold.blobGasUsed,
        requestsHash,
      },
      { common: rules, skipConsensusFormatValidation: true },
    );
    return { header, transactions: included, withdrawals, requests, blockValue };
  } finally {
    execution.state.computeStateRootsWith(undefined);
  }
}

/** What geth's state transition checks of a signed transaction, in the block whose base fee is `baseFee`. */
function messageOf(transaction: TypedTransaction, baseFee: bigint | undefined): SimulatedMessage {
  const fees = transaction as {
    maxFeePerGas?: bigint;
    maxPriorityFeePerGas?: bigint;
    gasPrice?: bigint;
    maxFeePerBlobGas?: bigint;
    blobVersionedHashes?: unknown[];
  };
  const feeCap = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
  const tip = fees.maxPriorityFeePerGas ?? fees.gasPrice ?? 0n;
  const paid = baseFee === undefined || tip + baseFee > feeCap ? feeCap : tip + baseFee;
  return {
    from: transaction.getSenderAddress().bytes,
    nonce: transaction.nonce,
    gas: transaction.gasLimit,
    value: transaction.value,
    feeCap,
    tip,
    gasPrice: paid,
    blobFeeCap: fees.maxFeePerBlobGas ?? 0n,
    blobCount: fees.blobVersionedHashes?.length ?? 0,
  };
}

/** A withdrawal's RLP items: [index, validator index, address, amount]. */
export function withdrawalFields(withdrawal: PayloadWithdrawal): Uint8Array[] {
  return [bigintToBytes(withdrawal.index), bigintToBytes(withdrawal.validatorIndex), withdrawal.address, bigintToBytes(withdrawal.amount)];
}
