import type { Address, Hex } from 'viem';
import { checkSigned, hashCommitment, parseCommitment, type SubBlockCommitment } from './commitment.js';
import { check } from './errors.js';
import { indexKey, provenValue } from './trieProof.js';

/** A commitment with the sequencer's signature, as sequin_getCommitments and sequin_getPreconfirmation give them. */
export interface SignedCommitment {
  commitment: SubBlockCommitment;
  signature: Hex;
}

/**
 * Evidence that the sequencer broke a promise, self-contained (the chain id and signatures are all a
 * checker needs besides the sequencer's address):
 *
 * - `conflict`: two signed commitments for the same block and sub-block index with different contents.
 *   The second may be reached through `links`: the commitments before a signed one, each named by the next
 *   as `previous`, so a later commitment of the same block that does not extend the first is evidence too.
 *   This kind is what `SequinEquivocation.sol` checks on chain with ecrecover.
 * - `notPrefix`: two signed commitments of the same block, the later (by index; the sealed block's last, whose
 *   roots are its header's) not extending the earlier: at a transaction index the earlier covers, the two
 *   roots prove different transactions or receipts (Merkle proofs in `earlierProof` and `laterProof`).
 */
export type EquivocationProof =
  | { kind: 'conflict'; chainId: Hex; first: SignedCommitment; second: SignedCommitment; links?: SubBlockCommitment[] }
  | {
      kind: 'notPrefix';
      chainId: Hex;
      earlier: SignedCommitment;
      later: SignedCommitment;
      transactionIndex: Hex;
      /** Proof nodes of the transaction and receipt at that index, in each commitment's roots. */
      earlierProof: { transaction: Hex[]; receipt: Hex[] };
      laterProof: { transaction: Hex[]; receipt: Hex[] };
    };

/** The conflict two signed commitments form, or undefined when they agree or are not for the same place. */
export function findConflict(first: SignedCommitment, second: SignedCommitment, chainId: bigint | number): EquivocationProof | undefined {
  const [a, b] = [first.commitment, second.commitment];
  if (a.blockNumber !== b.blockNumber || a.index !== b.index) return undefined;
  if (hashCommitment(a, chainId) === hashCommitment(b, chainId)) return undefined;
  return { kind: 'conflict', chainId: `0x${BigInt(chainId).toString(16)}`, first, second };
}

/**
 * The conflict between `promise` and a later signed commitment of the same block whose chain of earlier
 * commitments (`links`, oldest first, ending with the one `later` names as previous) passes the promise's
 * index with other contents; undefined when the chain goes through the promise itself.
 */
export function findConflictInChain(
  promise: SignedCommitment,
  later: SignedCommitment,
  links: readonly SubBlockCommitment[],
  chainId: bigint | number,
): EquivocationProof | undefined {
  const index = links.findIndex((link) => link.blockNumber === promise.commitment.blockNumber && link.index === promise.commitment.index);
  if (index < 0 || hashCommitment(links[index]!, chainId) === hashCommitment(promise.commitment, chainId)) return undefined;
  return { kind: 'conflict', chainId: `0x${BigInt(chainId).toString(16)}`, first: promise, second: later, links: links.slice(index) };
}

/**
 * The `notPrefix` proof of two verified answers (sequin_getPreconfirmation's) for the same transaction index of one block whose
 * transactions or receipts differ.
 */
export function notPrefixProof(
  earlier: { commitment: SubBlockCommitment; signature: Hex; proof: { transaction: Hex[]; receipt: Hex[] } },
  later: { commitment: SubBlockCommitment; signature: Hex; proof: { transaction: Hex[]; receipt: Hex[] } },
  transactionIndex: number,
  chainId: bigint | number,
): EquivocationProof {
  return {
    kind: 'notPrefix',
    chainId: `0x${BigInt(chainId).toString(16)}`,
    // An answer's commitment carries its domain's chainId too: the proof names it once, at the top.
    earlier: { commitment: parseCommitment(earlier.commitment, 'earlier.commitment', ['chainId']), signature: earlier.signature },
    later: { commitment: parseCommitment(later.commitment, 'later.commitment', ['chainId']), signature: later.signature },
    transactionIndex: `0x${transactionIndex.toString(16)}`,
    earlierProof: { transaction: earlier.proof.transaction, receipt: earlier.proof.receipt },
    laterProof: { transaction: later.proof.transaction, receipt: later.proof.receipt },
  };
}

/**
 * Checks an equivocation proof against the sequencer's address: both promises signed by it for `chainId`,
 * and contradicting each other. Resolves when the proof holds; throws PreconfirmationVerificationError
 * (`signature`, `signer`, `chain`, `commitments`, `proof` or `equivocation`) when it does not.
 */
export async function checkEquivocationProof(proof: EquivocationProof, options: { sequencer: Address; chainId: bigint | number }): Promise<void> {
  check(BigInt(proof.chainId) === BigInt(options.chainId), 'chain', `for chain ${BigInt(proof.chainId)}, not ${options.chainId}`, 'chainId');
  if (proof.kind === 'conflict') {
    const first = parseCommitment(proof.first.commitment, 'first.commitment');
    const second = parseCommitment(proof.second.commitment, 'second.commitment');
    await checkSigned(first, proof.first.signature, options, 'first.signature');
    await checkSigned(second, proof.second.signature, options, 'second.signature');
    const links = (proof.links ?? []).map((link, i) => parseCommitment(link, `links[${i}]`));
    const chain = [...links, second];
    for (let i = 0; i < links.length; i++) {
      check(chain[i]!.blockNumber === second.blockNumber, 'commitments', 'of another block', `links[${i}]`);
      check(hashCommitment(chain[i]!, options.chainId) === chain[i + 1]!.previous, 'commitments', 'not named by the next as previous', `links[${i}]`);
    }
    const other = chain[0]!;
    check(first.blockNumber === other.blockNumber && first.index === other.index, 'equivocation', 'the two commitments are for different sub-blocks', 'second');
    check(hashCommitment(first, options.chainId) !== hashCommitment(other, options.chainId), 'equivocation', 'the two commitments are the same', 'second');
    return;
  }
  const earlier = parseCommitment(proof.earlier.commitment, 'earlier.commitment');
  const later = parseCommitment(proof.later.commitment, 'later.commitment');
  await checkSigned(earlier, proof.earlier.signature, options, 'earlier.signature');
  await checkSigned(later, proof.later.signature, options, 'later.signature');
  check(earlier.blockNumber === later.blockNumber, 'equivocation', 'the commitments are of different blocks', 'later');
  check(Number(later.index) >= Number(earlier.index), 'equivocation', 'the later commitment is not later', 'later');
  const index = Number(proof.transactionIndex);
  check(index < Number(earlier.transactionCount), 'equivocation', 'the earlier commitment does not cover that transaction', 'transactionIndex');
  const key = indexKey(index);
  const promisedTransaction = provenValue(earlier.transactionsRoot, key, proof.earlierProof.transaction, 'earlierProof.transaction');
  const promisedReceipt = provenValue(earlier.receiptsRoot, key, proof.earlierProof.receipt, 'earlierProof.receipt');
  check(promisedTransaction && promisedReceipt, 'proof', 'the earlier commitment proves no transaction there', 'earlierProof');
  const laterTransaction = provenValue(later.transactionsRoot, key, proof.laterProof.transaction, 'laterProof.transaction');
  const laterReceipt = provenValue(later.receiptsRoot, key, proof.laterProof.receipt, 'laterProof.receipt');
  check(
    !same(promisedTransaction, laterTransaction) || !same(promisedReceipt, laterReceipt),
    'equivocation',
    'the later commitment has the same transaction and receipt there',
    'laterProof',
  );
}

function same(a: Uint8Array, b: Uint8Array | undefined): boolean {
  return b !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);
}
