import type { RpcReceipt } from '../../chain/receiptView.js';
import type { StoredBlock } from '../../chain/records.js';
import { type Hex, toQuantity } from '../../primitives/hex.js';

/** eth_feeHistory's result. */
export interface FeeHistory {
  oldestBlock: Hex;
  baseFeePerGas: Hex[];
  gasUsedRatio: number[];
  reward?: Hex[][];
}

/** geth's cap on eth_feeHistory's block count. */
export const MAX_FEE_HISTORY_BLOCKS = 1024;

/**
 * eth_feeHistory over sealed blocks, as geth computes it: base fees (plus the next block's),
 * gas-used ratios, and per block the tips at the requested percentiles of gas used (txs
 * sorted by effective tip, weighted by their gas).
 */
export function computeFeeHistory(options: {
  blockCount: number;
  newest: number;
  rewardPercentiles: number[] | undefined;
  block: (number: number) => StoredBlock | undefined;
  receiptsOf: (block: StoredBlock) => RpcReceipt[];
  /** The base fee of the block after `newest`, when known (the open block's). */
  nextBaseFee: bigint | undefined;
}): FeeHistory {
  const count = Math.min(options.blockCount, MAX_FEE_HISTORY_BLOCKS, options.newest + 1);
  const oldest = options.newest - count + 1;
  const baseFeePerGas: Hex[] = [];
  const gasUsedRatio: number[] = [];
  const reward: Hex[][] = [];
  let last: StoredBlock | undefined;
  for (let number = oldest; number <= options.newest && count > 0; number++) {
    const block = options.block(number);
    if (!block) break;
    last = block;
    baseFeePerGas.push(block.baseFeePerGas ?? '0x0');
    gasUsedRatio.push(Number(BigInt(block.gasUsed)) / Number(BigInt(block.gasLimit)));
    if (options.rewardPercentiles) reward.push(rewardsOf(block, options.receiptsOf(block), options.rewardPercentiles));
  }
  if (last) {
    const next = options.nextBaseFee ?? options.block(Number(last.number) + 1)?.baseFeePerGas;
    baseFeePerGas.push(typeof next === 'bigint' ? toQuantity(next) : (next ?? last.baseFeePerGas ?? '0x0'));
  }
  const history: FeeHistory = { oldestBlock: toQuantity(count > 0 ? oldest : 0), baseFeePerGas, gasUsedRatio };
  if (options.rewardPercentiles) history.reward = reward;
  return history;
}

function rewardsOf(block: StoredBlock, receipts: RpcReceipt[], percentiles: number[]): Hex[] {
  if (receipts.length === 0) return percentiles.map(() => '0x0');
  const baseFee = BigInt(block.baseFeePerGas ?? 0);
  const tips = receipts
    .map((receipt) => ({ tip: BigInt(receipt.effectiveGasPrice) - baseFee, gas: BigInt(receipt.gasUsed) }))
    .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const totalGas = tips.reduce((sum, entry) => sum + entry.gas, 0n);
  return percentiles.map((percentile) => {
    const threshold = (Number(totalGas) * percentile) / 100;
    let cumulative = 0;
    for (const entry of tips) {
      cumulative += Number(entry.gas);
      if (cumulative >= threshold) return toQuantity(entry.tip);
    }
    return toQuantity(tips[tips.length - 1]!.tip);
  });
}
