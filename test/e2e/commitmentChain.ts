/**
 * What a client can check of a chain's signed commitments over plain RPC (issue 26): for every block,
 * sequin_getCommitments gives index 0, 1, … each naming the one before as `previous` (the parent
 * block's hash at index 0), each signed by the sequencer key for the chain; and a sealed block's
 * transactions and receipts roots and transaction count are its last commitment's.
 */
import { hashCommitment, type SignedCommitment } from 'sequin/verify';
import { type Address, type Hex, recoverAddress } from 'viem';
import { rpcResult } from './helpers.js';

interface RpcBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  transactionsRoot: Hex;
  receiptsRoot: Hex;
  transactions: Hex[];
}

export type ServedCommitment = SignedCommitment & { hash: Hex };

/** Every block's commitments from `from` to `to` (sealed blocks), as `url` serves them. */
export async function commitmentsOf(url: string, from: bigint, to: bigint): Promise<Map<bigint, ServedCommitment[]>> {
  const byBlock = new Map<bigint, ServedCommitment[]>();
  for (let number = from; number <= to; number++)
    byBlock.set(number, await rpcResult<ServedCommitment[]>(url, 'sequin_getCommitments', [`0x${number.toString(16)}`]));
  return byBlock;
}

/**
 * What is wrong with the commitments of sealed blocks `from`..`to` on `url`, as readable lines (none:
 * all chained, signed by `sequencer`, each header's roots its last commitment's). Counts the blocks
 * with transactions checked in `checked`.
 */
export async function commitmentChainProblems(
  url: string,
  options: { sequencer: Address; chainId: number; from: bigint; to: bigint },
): Promise<{ problems: string[]; blocksWithTransactions: number; commitments: number }> {
  const problems: string[] = [];
  let blocksWithTransactions = 0;
  let commitments = 0;
  for (let number = options.from; number <= options.to; number++) {
    const block = await rpcResult<RpcBlock>(url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false]);
    const signed = await rpcResult<ServedCommitment[]>(url, 'sequin_getCommitments', [block.number]);
    commitments += signed.length;
    if (block.transactions.length > 0) blocksWithTransactions++;
    if (signed.length === 0) {
      if (block.transactions.length > 0) problems.push(`block ${number}: ${block.transactions.length} transactions, no commitment`);
      continue;
    }
    for (const [index, { commitment, signature, hash }] of signed.entries()) {
      const at = `block ${number} sub-block ${index}`;
      if (Number(commitment.index) !== index || BigInt(commitment.blockNumber) !== number)
        problems.push(`${at}: commitment names block ${commitment.blockNumber} index ${commitment.index}`);
      const previous = index === 0 ? block.parentHash : signed[index - 1]!.hash;
      if (commitment.previous !== previous) problems.push(`${at}: previous ${commitment.previous}, not ${previous}`);
      const expectedHash = hashCommitment(commitment, options.chainId);
      if (hash !== expectedHash) problems.push(`${at}: served hash ${hash}, EIP-712 hash ${expectedHash}`);
      const signer = await recoverAddress({ hash: expectedHash, signature });
      if (signer.toLowerCase() !== options.sequencer.toLowerCase()) problems.push(`${at}: signed by ${signer}, not ${options.sequencer}`);
    }
    const last = signed.at(-1)!.commitment;
    if (last.transactionsRoot !== block.transactionsRoot)
      problems.push(`block ${number}: header transactionsRoot ${block.transactionsRoot}, last commitment's ${last.transactionsRoot}`);
    if (last.receiptsRoot !== block.receiptsRoot)
      problems.push(`block ${number}: header receiptsRoot ${block.receiptsRoot}, last commitment's ${last.receiptsRoot}`);
    if (Number(last.transactionCount) !== block.transactions.length)
      problems.push(`block ${number}: ${block.transactions.length} transactions, last commitment counts ${Number(last.transactionCount)}`);
  }
  return { problems, blocksWithTransactions, commitments };
}
