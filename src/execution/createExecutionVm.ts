import type { Common } from '@ethereumjs/common';
import type { EVM, EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { createVM, type VM } from '@ethereumjs/vm';
import { cacheJumpAnalysis } from './cacheJumpAnalysis.js';
import { FlatStateManager } from './FlatStateManager.js';
import type { StateReader } from './StateReader.js';

/** Looks up the hash of a sealed block by number, for the BLOCKHASH opcode. */
export type BlockHashLookup = (number: bigint) => Uint8Array | undefined;

/** A VM bound to its own flat state manager; `state.reset(reader)` retargets it. */
export interface ExecutionVm {
  vm: VM;
  state: FlatStateManager;
}

/** Creates a VM running the chain's rules over a {@link FlatStateManager}, analysing each contract code once (cacheJumpAnalysis). */
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
  const vm = await createVM({ common: common.copy(), stateManager: state, blockchain });
  await cacheJumpAnalysis(vm.evm as EVM);
  return { vm, state };
}
