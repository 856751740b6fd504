import type { TypedTransaction } from '@ethereumjs/tx';
import type { ExecutionFailure } from '../execution/executeTransaction.js';
import type { Hex } from '../primitives/hex.js';

/**
 * A transaction admitted to the pool: decoded, signature-checked, with the sender recovered
 * once and the numbers the pool orders by pulled out.
 */
export interface PoolTransaction {
  transaction: TypedTransaction;
  raw: Uint8Array;
  hash: Hex;
  /** Sender address, unprefixed lower-case hex (the StateReader key form). */
  sender: string;
  nonce: bigint;
  gasLimit: bigint;
  /** maxFeePerGas, or gasPrice for legacy / access-list txs. */
  feeCap: bigint;
  /** maxPriorityFeePerGas, or gasPrice. */
  tip: bigint;
  /** gasLimit · feeCap + value: what the sender must be able to pay. */
  cost: bigint;
  /**
   * True for a transaction sent as an impersonated address (execution/impersonatedTransaction.ts):
   * zero signature, `sender` given rather than recovered. The journal keeps its sender beside it.
   */
  impersonated?: true;
  /**
   * An OP Stack deposit (type 0x7E, execution/opStack/DepositTransaction.ts): unsigned, no nonce or fees
   * (`nonce` 0, `feeCap` and `tip` 0); it waits in the pool's deposit queue, outside the fee order, for
   * a sub-block where deposits still come first (BlockProducer): the next one while the open block
   * holds deposits only, else the next block's first, right after the L1-attributes deposit.
   */
  deposit?: true;
  /**
   * Set while a tx admitted for instant mining (TransactionIntake.admitForMining) is neither
   * journaled nor announced yet: the block producer announces it with the sub-block that makes it
   * durable, or TransactionIntake.settleAdmission journals and announces it. Cleared by whichever
   * announces it, so it is announced once.
   */
  awaitsAnnouncement?: boolean;
  /**
   * Set by the block producer when the transaction was executed and failed (status 0), for instant
   * mining's answer to its sender (services/dev/miningIntake.ts): Hardhat's node reports such a
   * send as an error. Nothing else reads it.
   */
  executionFailure?: ExecutionFailure;
}

/** The tip the sequencer earns per gas at `baseFee`: min(tip, feeCap − baseFee); negative = not includable. */
export function effectiveTip(transaction: PoolTransaction, baseFee: bigint): bigint {
  const headroom = transaction.feeCap - baseFee;
  return headroom < transaction.tip ? headroom : transaction.tip;
}
