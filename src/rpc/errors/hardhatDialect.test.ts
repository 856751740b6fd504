import { encodeAbiParameters, encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { ExecutionFailedError } from '../../errors/ExecutionFailedError.js';
import { GasAllowanceExceededError } from '../../errors/GasAllowanceExceededError.js';
import { MinedTransactionFailedError } from '../../errors/MinedTransactionFailedError.js';
import { NotFoundError } from '../../errors/NotFoundError.js';
import { revertError } from '../../execution/estimateGas.js';
import { hexToBytes } from '../../primitives/hex.js';
import { toJsonRpcError } from './toJsonRpcError.js';

const HASH = `0x${'0a'.repeat(32)}` as const;
const abi = parseAbi(['error Nope(uint256 x)']);
const reasonString = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['no way'] });
const panic = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x32n]).slice(2)}` as const;
const unknownPanic = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x99n]).slice(2)}` as const;
const custom = encodeErrorResult({ abi, errorName: 'Nope', args: [7n] });

/** What a client reads, in the Hardhat dialect. */
function wire(error: Error) {
  const answer = toJsonRpcError(error, 'hardhat');
  return { code: answer.code, message: answer.message, data: answer.data };
}

const VM = 'Error: VM Exception while processing transaction:';

// The answers below are Hardhat 2.29.1's `hardhat node` (outside the contracts' project), recorded by hand.
describe("the Hardhat dialect answers failed executions as Hardhat's node does", () => {
  it.each([
    ['a reason string', reasonString, `${VM} reverted with reason string 'no way'`],
    ['a panic', panic, `${VM} reverted with panic code 0x32 (Array accessed at an out-of-bounds or negative index)`],
    ['an unknown panic code', unknownPanic, `${VM} reverted with unknown panic code 0x99`],
    ['a custom error', custom, `${VM} reverted with an unrecognized custom error (return data: ${custom})`],
    ['nothing', '0x', 'Error: Transaction reverted without a reason string'],
  ] as const)('a call that reverts with %s: -32603, the message, and the revert data under data.data', (_, data, message) => {
    expect(wire(revertError(hexToBytes(data), 'call'))).toEqual({ code: -32603, message, data: { message, data } });
    expect(wire(revertError(hexToBytes(data), 'estimateGas'))).toEqual({ code: -32603, message, data: { message, data } });
  });

  it('a send whose transaction was mined and failed: the same, with the transaction hash', () => {
    const message = `${VM} reverted with reason string 'no way'`;
    expect(wire(new MinedTransactionFailedError(HASH, 'execution reverted', hexToBytes(reasonString)))).toEqual({
      code: -32603,
      message,
      data: { message, txHash: HASH, data: reasonString },
    });
    const invalid = `${VM} invalid opcode`;
    expect(wire(new MinedTransactionFailedError(HASH, 'invalid opcode', new Uint8Array(0)))).toEqual({
      code: -32603,
      message: invalid,
      data: { message: invalid, txHash: HASH, data: '0x' },
    });
  });

  it('running out of gas: -32000 "Transaction ran out of gas", txHash null for calls and estimates', () => {
    const outOfGas = 'Transaction ran out of gas';
    expect(wire(new ExecutionFailedError('out of gas'))).toEqual({ code: -32000, message: outOfGas, data: { message: outOfGas, txHash: null, data: '0x' } });
    expect(wire(new GasAllowanceExceededError(16_777_216n))).toEqual({
      code: -32000,
      message: outOfGas,
      data: { message: outOfGas, txHash: null, data: '0x' },
    });
    expect(wire(new MinedTransactionFailedError(HASH, 'out of gas', new Uint8Array(0)))).toEqual({
      code: -32000,
      message: outOfGas,
      data: { message: outOfGas, txHash: HASH, data: '0x' },
    });
  });

  it('other failures read as a revert without a reason; every other error keeps geth’s answer', () => {
    const message = 'Error: Transaction reverted without a reason string';
    expect(wire(new ExecutionFailedError('stack underflow'))).toEqual({ code: -32603, message, data: { message, data: '0x' } });
    expect(wire(new NotFoundError({ kind: 'header' }))).toEqual({ code: -32000, message: 'header not found', data: undefined });
    expect(toJsonRpcError(revertError(hexToBytes(reasonString), 'call'))).toMatchObject({ code: 3, message: 'execution reverted: no way' });
  });
});
