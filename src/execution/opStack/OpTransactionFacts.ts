/**
 * What an OP Stack transaction's receipt says beyond Ethereum's, set by its execution (executeDeposit.ts,
 * executeWithL1Fee.ts) on the ExecutedTransaction: the consensus fields of a deposit receipt, and the RPC
 * fields op-geth adds to other receipts (internal/ethapi's marshalReceipt; the Isthmus and Jovian
 * exec-engine specs). Stored receipts take them (sequencer/transactionRecord.ts), the fee vault credits
 * read them (opBlockRules.ts).
 */
export type OpTransactionFacts = DepositFacts | L1FeeFacts;

export interface DepositFacts {
  kind: 'deposit';
  /** The sender's nonce before the deposit (from Regolith). */
  depositNonce: bigint;
  /** 1 from Canyon; undefined before. */
  depositReceiptVersion: bigint | undefined;
}

export interface L1FeeFacts {
  kind: 'l1Fee';
  /** The L1 data fee charged (credited to the L1FeeVault). */
  l1Fee: bigint;
  l1GasUsed: bigint;
  /** L1Block's base fee. */
  l1GasPrice: bigint;
  /** Ecotone: L1Block's blob base fee and scalars (absent before Ecotone). */
  l1BlobBaseFee?: bigint;
  l1BaseFeeScalar?: bigint;
  l1BlobBaseFeeScalar?: bigint;
  /** Before Ecotone: the scalar as op-geth prints it (scalar / 1e6, a decimal string). */
  l1FeeScalar?: string;
  /** Isthmus: the operator fee charged (credited to the OperatorFeeVault). */
  operatorFee: bigint;
  /** Isthmus: shown only when one of them is not zero. */
  operatorFeeScalar?: bigint;
  operatorFeeConstant?: bigint;
  /** Jovian: the block's DA footprint gas scalar, and this transaction's DA footprint (its receipt's blobGasUsed). */
  daFootprintGasScalar?: bigint;
  daFootprint?: bigint;
}
