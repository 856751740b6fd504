import { Account, type Address } from '@ethereumjs/util';
import type { ExecutionVm } from '../createExecutionVm.js';

/** 1 gwei in wei: withdrawal amounts are in gwei. */
const GWEI = 1_000_000_000n;

/** A withdrawal (EIP-4895) as the balance change it makes. */
export interface BlockWithdrawal {
  address: Address;
  /** In gwei. */
  amount: bigint;
}

/**
 * Credits a block's withdrawals (Shanghai on) after its transactions, each address its amount in wei. A
 * zero amount still touches the account, so an empty one is removed (EIP-161), as @ethereumjs and geth do.
 */
export async function payWithdrawals(execution: ExecutionVm, withdrawals: readonly BlockWithdrawal[]): Promise<void> {
  const { journal, stateManager } = execution.vm.evm;
  for (const { address, amount } of withdrawals) {
    const account = (await stateManager.getAccount(address)) ?? new Account();
    account.balance += amount * GWEI;
    await journal.putAccount(address, account);
  }
  await journal.cleanup();
}
