import { ConsensusType } from '@ethereumjs/common';
import { Account, type Address } from '@ethereumjs/util';
import type { ExecutionVm } from '../createExecutionVm.js';
import type { BlockContext, BlockEnd } from './BlockRules.js';

/**
 * Proof-of-work rewards, paid after the block's transactions and withdrawals: the block's miner gets the
 * fork's block reward (5, 3 or 2 ether by fork) plus 1/32 of it per uncle; each uncle's miner gets
 * (8 − (number − uncle number)) / 8 of it. Blocks after the merge (and of other consensus engines) pay nothing.
 */
export async function payBlockRewards({ execution, block, rules }: BlockContext, end: BlockEnd): Promise<void> {
  if (rules.consensusType() !== ConsensusType.ProofOfWork) return;
  const { number, coinbase } = block.header;
  const reward = rules.param('minerReward');
  for (const uncle of end.uncles) {
    const share = ((8n - (number - uncle.number)) * reward) / 8n;
    await credit(execution, uncle.coinbase, share > 0n ? share : 0n);
  }
  await credit(execution, coinbase, reward + (reward / 32n) * BigInt(end.uncles.length));
}

async function credit(execution: ExecutionVm, address: Address, amount: bigint): Promise<void> {
  const { journal, stateManager } = execution.vm.evm;
  const account = (await stateManager.getAccount(address)) ?? new Account();
  account.balance += amount;
  await journal.putAccount(address, account);
}
