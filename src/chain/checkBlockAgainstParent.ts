/**
 * The checks a block passes before it is executed, as geth's header and body validation makes them (the
 * proof-of-work seal excepted: blocks are not mined here, and hive's test chains carry fake seals):
 *
 *   header vs parent   number, parent hash, timestamp, extra data ≤ 32 bytes, gas used ≤ gas limit,
 *                      gas limit within parent / 1024 (doubled at London), base fee (EIP-1559),
 *                      difficulty (ethash before the merge; 0, nonce 0 and no uncles after it),
 *                      excess blob gas (EIP-4844 with the fork's schedule, EIP-7918)
 *   body               transactions root, uncle hash, withdrawals root, each transaction's own validity
 *                      (signature, intrinsic gas, fee cap over the base fee), blob gas used and price
 *
 * The first problem found is returned as the header field (or body part) at fault and what is wrong;
 * undefined when the block passes.
 */
import type { Block, BlockHeader } from '@ethereumjs/block';
import { ConsensusType, Hardfork } from '@ethereumjs/common';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex } from '../primitives/hex.js';
import { EMPTY_UNCLES_HASH } from './BlockHeaderFields.js';
import { nextBaseFee } from './nextBaseFee.js';
import { orderedTrieRoot } from './trieRoot.js';

/** What is wrong with a block: the field (or body part) at fault and the problem. */
export interface BlockProblem {
  field: string;
  problem: string;
}

const MAX_EXTRA_DATA = 32;

/** The first problem of `block` as the child of `parent`, or undefined. */
export function checkBlockAgainstParent(block: Block, parent: BlockHeader): BlockProblem | undefined {
  return checkHeader(block.header, parent) ?? checkBody(block, parent);
}

function checkHeader(header: BlockHeader, parent: BlockHeader): BlockProblem | undefined {
  const rules = header.common;
  if (header.number !== parent.number + 1n) return { field: 'number', problem: `want ${parent.number + 1n} after block ${parent.number}` };
  if (!equal(header.parentHash, parent.hash())) return mismatch('parentHash', header.parentHash, parent.hash());
  if (header.timestamp <= parent.timestamp) return { field: 'timestamp', problem: `${header.timestamp} is not after the parent's ${parent.timestamp}` };
  if (header.extraData.length > MAX_EXTRA_DATA) return { field: 'extraData', problem: `${header.extraData.length} bytes, more than ${MAX_EXTRA_DATA}` };
  if (header.gasUsed > header.gasLimit) return { field: 'gasUsed', problem: `${header.gasUsed} exceeds the gas limit ${header.gasLimit}` };
  try {
    header.validateGasLimit(parent);
  } catch (error) {
    return { field: 'gasLimit', problem: withoutContext(error) };
  }
  if (rules.isActivatedEIP(1559)) {
    const expected = parent.common.isActivatedEIP(1559)
      ? nextBaseFee({ baseFeePerGas: parent.baseFeePerGas!, gasUsed: parent.gasUsed, gasLimit: parent.gasLimit })
      : rules.param('initialBaseFee');
    if (header.baseFeePerGas !== expected) return { field: 'baseFeePerGas', problem: `${header.baseFeePerGas}, want ${expected}` };
  }
  if (rules.consensusType() === ConsensusType.ProofOfWork) {
    const expected = header.ethashCanonicalDifficulty(parent);
    if (header.difficulty !== expected) return { field: 'difficulty', problem: `${header.difficulty}, want ${expected}` };
  } else if (rules.gteHardfork(Hardfork.Paris)) {
    if (header.difficulty !== 0n) return { field: 'difficulty', problem: `${header.difficulty}, want 0 after the merge` };
    if (header.nonce.some((byte) => byte !== 0)) return { field: 'nonce', problem: `${bytesToHex(header.nonce)}, want 0 after the merge` };
    if (!equal(header.uncleHash, EMPTY_UNCLES_HASH)) return { field: 'sha3Uncles', problem: 'uncles after the merge' };
  }
  if (rules.isActivatedEIP(4844)) {
    const expected = parent.calcNextExcessBlobGas(rules);
    if (header.excessBlobGas !== expected) return { field: 'excessBlobGas', problem: `${header.excessBlobGas}, want ${expected}` };
  }
  return undefined;
}

function checkBody(block: Block, parent: BlockHeader): BlockProblem | undefined {
  const { header } = block;
  const transactionsRoot = orderedTrieRoot(block.transactions.map((transaction) => transaction.serialize()));
  if (!equal(transactionsRoot, header.transactionsTrie)) return mismatch('transactionsRoot', transactionsRoot, header.transactionsTrie);
  if (!block.uncleHashIsValid()) return { field: 'sha3Uncles', problem: 'does not match the uncles' };
  if (header.common.isActivatedEIP(4895)) {
    const withdrawalsRoot = orderedTrieRoot((block.withdrawals ?? []).map((withdrawal) => RLP.encode(withdrawal.raw())));
    if (!equal(withdrawalsRoot, header.withdrawalsRoot!)) return mismatch('withdrawalsRoot', withdrawalsRoot, header.withdrawalsRoot!);
  }
  const transactionErrors = block.getTransactionsValidationErrors();
  if (transactionErrors.length > 0) return { field: 'transactions', problem: transactionErrors.join('; ') };
  try {
    block.validateBlobTransactions(parent);
  } catch (error) {
    return { field: 'blobGasUsed', problem: withoutContext(error) };
  }
  return undefined;
}

function mismatch(field: string, computed: Uint8Array, inBlock: Uint8Array): BlockProblem {
  return { field, problem: `block has ${bytesToHex(inBlock)}, computed ${bytesToHex(computed)}` };
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** An @ethereumjs error message without the block description it appends. */
function withoutContext(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/ \(block number=.*$/s, '').replace(/ - block number=.*$/s, '');
}
