import type { Common } from '@ethereumjs/common';
import type { EVM, EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { createVM, type VM } from '@ethereumjs/vm';
import { ScheduledCommon } from '../config/ScheduledCommon.js';
import { cacheJumpAnalysis } from './cacheJumpAnalysis.js';
import { FlatStateManager } from './FlatStateManager.js';
import { keepRunStateOutOfResults } from './runStateOutOfResults.js';
import type { StateReader } from './StateReader.js';

/** Looks up the hash of a sealed block by number, for the BLOCKHASH opcode. */
export type BlockHashLookup = (number: bigint) => Uint8Array | undefined;

/** A VM bound to its own flat state manager; `state.reset(reader)` retargets it. */
export interface ExecutionVm {
  vm: VM;
  state: FlatStateManager;
}

/**
 * Creates a VM over a {@link FlatStateManager}, analysing each contract code once (cacheJumpAnalysis) and
 * without the interpreter's run state in its results (runStateOutOfResults).
 * It is built for the chain's latest fork (the EVM sets up precompiles such as BLS12-381 only for
 * forks active at construction) and runs each block under that block's own fork: executions call
 * {@link useRulesOf} first.
 */
export async function createExecutionVm(common: Common, base: StateReader, blockHash: BlockHashLookup): Promise<ExecutionVm> {
  const state = new FlatStateManager(base);
  const blockchain: EVMMockBlockchainInterface = {
    async getBlock(number: number) {
      const hash = blockHash(BigInt(number)) ?? new Uint8Array(32);
      return { hash: () => hash };
    },
    async putBlock() {},
    shallowCopy() {
      return this;
    },
  };
  // A copy: the VM switches its Common's fork, which must not reach the shared per-fork Commons.
  const vmCommon = common instanceof ScheduledCommon ? common.ofFork(common.latestFork).copy() : common.copy();
  const vm = await createVM({ common: vmCommon, stateManager: state, blockchain });
  await cacheJumpAnalysis(vm.evm as EVM);
  await keepRunStateOutOfResults(vm.evm as EVM);
  return { vm, state };
}

/**
 * Switches the VM (and its EVM: opcodes, precompiles, gas prices) to the fork of `rules`, the Common of the
 * block about to run. Free when the fork is already the VM's.
 */
export function useRulesOf(execution: ExecutionVm, rules: Common): void {
  const fork = rules.hardfork();
  if (execution.vm.common.hardfork() !== fork) execution.vm.common.setHardfork(fork);
}
