/**
 * Why the pool refuses a transaction: the typed reason of an invalid validation outcome (the
 * shape of reth's `InvalidPoolTransactionError`). Stateless reasons come from decoding the raw
 * bytes (size, type, encoding, chain id, fees, gas, signature); stateful ones from admission
 * against the pre-confirmed state and the pool (duplicate, nonce, replacement, balance, limits).
 * Each carries the numbers its message needs; geth's wording is the RPC edge's business
 * (`rpc/errors/transactionRejectionTable.ts`).
 */
export type TransactionRejection =
  // Stateless: the bytes themselves.
  /** Larger than geth's txMaxSize. */
  | { kind: 'oversizedData'; size: number; limit: number }
  /** No bytes at all. */
  | { kind: 'emptyData' }
  /** Not a decodable transaction; `detail` is the decoder's first line. */
  | { kind: 'malformedEncoding'; detail: string }
  /** A typed payload that is not an RLP list. */
  | { kind: 'notRlpList' }
  /** A type-3 (blob) transaction: this chain has no blobs. */
  | { kind: 'blobTransaction' }
  /** An EIP-2718 type byte the chain does not know. */
  | { kind: 'unsupportedType'; type: number }
  /** A type the chain knows but the pending block's fork does not have yet (`--hardfork berlin` and a type-2 tx). */
  | { kind: 'typeBeforeFork'; type: number; fork: 'Berlin' | 'London' | 'Prague' }
  /** Signed for another chain. */
  | { kind: 'invalidChainId'; have: bigint; want: bigint }
  /** A legacy transaction without EIP-155 replay protection. */
  | { kind: 'unprotected' }
  /** maxFeePerGas does not fit in 256 bits. */
  | { kind: 'feeCapTooHigh' }
  /** maxPriorityFeePerGas does not fit in 256 bits. */
  | { kind: 'tipTooHigh' }
  | { kind: 'tipAboveFeeCap'; tip: bigint; feeCap: bigint }
  /** EIP-3860: creation code longer than the limit. */
  | { kind: 'initCodeTooLarge'; size: number; limit: number }
  /** EIP-7702 transactions cannot create a contract. */
  | { kind: 'setCodeCreate' }
  | { kind: 'emptyAuthorizationList' }
  /** The signature does not recover to a sender. */
  | { kind: 'invalidSender' }
  | { kind: 'gasLimitExceeded'; gas: bigint; limit: bigint }
  /** EIP-7825 (Osaka): a gas limit above the transaction gas cap (2^24). */
  | { kind: 'gasLimitTooHigh'; gas: bigint; cap: bigint }
  | { kind: 'intrinsicGasTooLow'; gas: bigint; minimum: bigint }
  /** The tip is below the node's minimum (--min-tip). */
  | { kind: 'tipBelowMinimum'; tip: bigint; minimum: bigint }
  // Stateful: the sender's account and the pool.
  /** The same hash is already pooled. */
  | { kind: 'alreadyKnown' }
  /** The nonce is used: by the state (`next` is the state nonce) or by a tx already picked for a sub-block. */
  | { kind: 'nonceTooLow'; next: bigint; got: bigint }
  /** Same sender and nonce as a pooled tx, without raising both fees by the price bump. */
  | { kind: 'replacementUnderpriced' }
  /** `balance` cannot pay `cost`: this tx plus every other pooled tx of the sender. */
  | { kind: 'insufficientFunds'; balance: bigint; cost: bigint }
  /** The sender already has `limit` future-nonce transactions queued. */
  | { kind: 'accountLimitExceeded'; limit: number }
  /** The pool is full and nothing it holds may be evicted for this tx. */
  | { kind: 'poolFull' }
  /** The pool is full and this tx does not tip more than the cheapest evictable one. */
  | { kind: 'underpricedForFullPool'; tip: bigint; cheapestTip: bigint };
