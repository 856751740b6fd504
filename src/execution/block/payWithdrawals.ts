import { Account } from '@ethereumjs/util';
import type { BlockContext, BlockEnd } from './BlockRules.js';

/** 1 gwei in wei: withdrawal amounts are in gwei. */
const GWEI = 1_000_000_000n;

/**
 * Credits a block's withdrawals (Shanghai on) after its transactions and requests, each address its amount
 * in wei. A zero amount still touches the account, so an empty one is removed (EIP-161), as geth's beacon
 * engine and @ethereumjs do.
 */
export async function payWithdrawals({ execution, rules }: BlockContext, end: BlockEnd): Promise<void> {
  if (!rules.isActivatedEIP(4895)) return;
  const { journal, stateManager } = execution.vm.evm;
  for (const { address, amount } of end.withdrawals) {
    const account = (await stateManager.getAccount(address)) ?? new Account();
    account.balance += amount * GWEI;
    await journal.putAccount(address, account);
  }
  await journal.cleanup();
}
