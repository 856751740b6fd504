/**
 * `sequin/verify`: checks Sequin's signed pre-confirmations in any JavaScript runtime (browser or Node;
 * viem, a peer dependency, supplies keccak and RLP from the audited @noble libraries; signers are recovered
 * by libsecp256k1 compiled to WebAssembly, bundled in, with viem's @noble/curves where WebAssembly is refused).
 *
 *   verifyPreconfirmation(answer, { sequencer, chainId }) → the verified receipt, or a typed error
 *   getVerifiedPreconfirmation(client, { hash, sequencer }) → ask any RPC, verify the answer
 *   findConflict / notPrefixProof / checkEquivocationProof → broken promises as evidence
 */

export type { BlockContext, DecodedTransaction, TransactionCodec } from './codecs.js';
export { ETHEREUM_CODEC } from './codecs.js';
export { COMMITMENT_TYPES, hashCommitment, type SubBlockCommitment } from './commitment.js';
export { checkEquivocationProof, type EquivocationProof, findConflict, findConflictInChain, notPrefixProof, type SignedCommitment } from './equivocation.js';
export { PreconfirmationVerificationError, type VerificationFailure } from './errors.js';
export { type GetVerifiedPreconfirmationParameters, getVerifiedPreconfirmation, verifiedPreconfirmations } from './getVerifiedPreconfirmation.js';
export { type RpcReceipt, type VerifyOptions, verifyPreconfirmation } from './verifyPreconfirmation.js';
