import { EVMError } from '@ethereumjs/evm';
import type { InvalidCallReason } from '../errors/InvalidCallReason.js';

/**
 * The EVM failures whose geth wording execution itself relies on: a revert (its data is the
 * revert reason) and running out of gas (eth_estimateGas reports its allowance instead).
 */
export const EvmFailure = {
  reverted: 'execution reverted',
  outOfGas: 'out of gas',
} as const;

/**
 * The one place where @ethereumjs/evm's error wording becomes geth's (core/vm/errors.go). These
 * words are part of results (receipts' and traces' `error` fields) as well as of errors, so they
 * are settled here, below the RPC edge.
 */
export function evmErrorToGethMessage(error: string): string {
  const ERROR = EVMError.errorMessages;
  switch (error) {
    case ERROR.OUT_OF_GAS:
    case ERROR.CODESTORE_OUT_OF_GAS:
      return EvmFailure.outOfGas;
    case ERROR.REVERT:
      return EvmFailure.reverted;
    case ERROR.STACK_UNDERFLOW:
      return 'stack underflow';
    case ERROR.STACK_OVERFLOW:
      return 'stack limit reached 1024';
    case ERROR.INVALID_JUMP:
      return 'invalid jump destination';
    case ERROR.INVALID_OPCODE:
      return 'invalid opcode';
    case ERROR.OUT_OF_RANGE:
      return 'return data out of bounds';
    case ERROR.STATIC_STATE_CHANGE:
      return 'write protection';
    case ERROR.INSUFFICIENT_BALANCE:
      return 'insufficient balance for transfer';
    case ERROR.CREATE_COLLISION:
      return 'contract address collision';
    case ERROR.CODESIZE_EXCEEDS_MAXIMUM:
      return 'max code size exceeded';
    case ERROR.INVALID_BYTECODE_RESULT:
      return 'invalid code: must not begin with 0xef';
    case ERROR.INITCODE_SIZE_VIOLATION:
      return 'max initcode size exceeded';
    default:
      return error;
  }
}

/**
 * Recognises a runTx validation failure (thrown before execution) as the reason a call could
 * not run. Wording runTx uses that Sequin does not recognise is kept, cut before ethereumjs's
 * parenthesised context (which names internals such as the block and tx dumps).
 */
export function runTxFailureReason(message: string): InvalidCallReason {
  if (message.includes("sender doesn't have enough funds") || message.includes('insufficient balance')) return { kind: 'insufficientFunds' };
  if (message.includes('nonce') && message.includes('invalid')) return { kind: 'nonceTooLow' };
  if (message.includes('is less than the block')) return { kind: 'feeCapTooLow' };
  if (message.includes('gas limit is too low') || message.includes('intrinsic gas')) return { kind: 'intrinsicGasTooLow' };
  if (message.includes('higher gas limit than the block')) return { kind: 'gasLimitExceeded' };
  if (message.includes('sender has deployed code') || message.includes('invalid sender address')) return { kind: 'senderNotEoa' };
  return { kind: 'unrecognized', message: message.replace(/ \(.*$/s, '') };
}
