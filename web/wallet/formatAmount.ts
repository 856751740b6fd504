/** Amounts as the wallet shows them (approval rows, the panel's balance). */
import { formatUnits } from 'viem';
import type { Network } from './NetworkStore.js';

/** "1.5 ETH" in the network's currency. */
export function formatAmount(wei: bigint, network: Network): string {
  return `${formatUnits(wei, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`;
}
