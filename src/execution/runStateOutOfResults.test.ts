// Execution results without the interpreter's run state (runStateOutOfResults.ts): the totals the EVM
// reads from it (gas left, refunds) still reach the results, and each result carries only the frame's
// result and environment fields, the same ones every time.

import { Address } from '@ethereumjs/util';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonOfChain } from '../config/commonOfChain.js';
import { hexToBytes } from '../primitives/hex.js';
import { CodeStateReader } from '../testing/CodeStateReader.js';
import { createExecutionVm, type ExecutionVm } from './createExecutionVm.js';
import { interpreterPrototypeOf } from './interpreterPrototype.js';

const ADDER = '00000000000000000000000000000000000000a1';
const CALLER_OF_ADDER = '00000000000000000000000000000000000000a2';
const CLEARER = '00000000000000000000000000000000000000a3';
const REVERTER = '00000000000000000000000000000000000000a4';
/** PUSH1 1 PUSH1 2 ADD STOP: 9 gas. */
const ADD = '600160020100';
/** SSTORE 1 then 0 into a cold, empty slot 0: 22,100 + 100 + four PUSH1s = 22,212 gas, and a refund of 19,900 (EIP-2200/2929/3529). */
const SET_AND_CLEAR = '600160005560006000 55 00'.replaceAll(' ', '');
/** REVERT with an empty reason after two PUSH1s: 6 gas. */
const REVERTS = '60006000fd';
/** STATICCALLs ADDER with all its gas and returns the call's success as a word. */
const CALLS_ADDER = `6000600060006000 73${ADDER} 5a fa 6000 52 6020 6000 f3`.replaceAll(' ', '');

const common = commonOfChain(31337n, undefined, {});
const state = new CodeStateReader({ [ADDER]: ADD, [CALLER_OF_ADDER]: CALLS_ADDER, [CLEARER]: SET_AND_CLEAR, [REVERTER]: REVERTS });
let execution: ExecutionVm;

beforeAll(async () => {
  execution = await createExecutionVm(common, state, () => undefined);
});

async function call(address: string) {
  return (await execution.vm.evm.runCall({ to: new Address(hexToBytes(`0x${address}`)), gasLimit: 1_000_000n, skipBalance: true })).execResult;
}

describe('execution results without the run state', () => {
  it('still count the gas each frame used, its refund and its revert', async () => {
    const added = await call(ADDER);
    expect(added.executionGasUsed).toBe(9n);
    expect(added.gas).toBe(1_000_000n - 9n);
    const cleared = await call(CLEARER);
    expect(cleared.exceptionError).toBeUndefined();
    expect(cleared.executionGasUsed).toBe(22_212n);
    expect(cleared.gasRefund).toBe(19_900n);
    const reverted = await call(REVERTER);
    expect(reverted.exceptionError?.error).toBe('revert');
    expect(reverted.executionGasUsed).toBe(6n);
  });

  it('answers a call through nested frames as before: the inner frame succeeds and its gas is charged', async () => {
    const result = await execution.vm.evm.runCall({
      to: new Address(hexToBytes(`0x${CALLER_OF_ADDER}`)),
      gasLimit: 100_000n,
      skipBalance: true,
    });
    expect(result.execResult.exceptionError).toBeUndefined();
    expect(result.execResult.returnValue).toEqual(hexToBytes(`0x${'00'.repeat(31)}01`));
    // Four PUSH1s, PUSH20, GAS, STATICCALL to a cold account (2,600), the ADDER's 9, MSTORE's 3 + memory 3, two PUSH1s.
    expect(result.execResult.executionGasUsed).toBe(3n * 4n + 3n + 2n + 2_600n + 9n + 3n + 3n + 3n + 3n + 3n);
  });

  it('carry the frame result and environment only, with the same fields every time', async () => {
    const first = (await call(ADDER)).runState as object;
    const second = (await call(CLEARER)).runState as object;
    for (const field of ['stack', 'memory', 'interpreter', 'programCounter', 'gasLeft']) expect(Object.keys(first)).not.toContain(field);
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['logs', 'selfdestruct', 'address', 'caller', 'depth']));
    expect(Object.keys(second)).toEqual(Object.keys(first));
  });

  it('leave the interpreter prototype known to the other wrappers', async () => {
    const prototype = await interpreterPrototypeOf(execution.vm.evm as never);
    expect(typeof prototype?.run).toBe('function');
    expect(typeof prototype?._getValidJumpDestinations).toBe('function');
  });
});
